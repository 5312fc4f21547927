#define _GNU_SOURCE
#include "CShims.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The pids of the routes' children. A table of atomics, not a Swift object: it is read from signal
   handlers and from the exit path, where nothing may allocate or lock. 0 is a free slot. */
#define RM_CHILD_SLOTS 64
static _Atomic pid_t children[RM_CHILD_SLOTS];

static void remember(pid_t pid) {
    for (int index = 0; index < RM_CHILD_SLOTS; index++) {
        pid_t expected = 0;
        if (atomic_compare_exchange_strong(&children[index], &expected, pid)) return;
    }
    /* More than 64 routes open at once: this one is still ended when its transport goes. */
}

void rm_forget_child(pid_t pid) {
    for (int index = 0; index < RM_CHILD_SLOTS; index++) {
        pid_t expected = pid;
        if (atomic_compare_exchange_strong(&children[index], &expected, 0)) return;
    }
}

int rm_spawn_child(char *const argv[], char *const envp[], int stdio_fd, int stderr_fd, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int failure = posix_spawn_file_actions_init(&actions);
    if (failure != 0) return failure;
    failure = posix_spawnattr_init(&attributes);
    if (failure != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return failure;
    }
    posix_spawn_file_actions_adddup2(&actions, stdio_fd, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, stdio_fd, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, stderr_fd, STDERR_FILENO);
    /* Nothing of ours but these three: no socket, no keyring connection, no other child's pipe. */
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    int reset[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGCONT, SIGWINCH, SIGCHLD};
    for (size_t index = 0; index < sizeof reset / sizeof reset[0]; index++) sigaddset(&defaults, reset[index]);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    /* Signals blocked from the spawn to the registration: a Ctrl-C in between still finds the pid. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    failure = posix_spawnp(pid, argv[0], &actions, &attributes, argv, envp);
    if (failure == 0) remember(*pid);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return failure;
}

static void pause_ms(int milliseconds) {
    struct timespec step = {milliseconds / 1000, (long)(milliseconds % 1000) * 1000000L};
    while (nanosleep(&step, &step) == -1 && errno == EINTR) {}
}

void rm_end_children(int grace_ms) {
    pid_t taken[RM_CHILD_SLOTS];
    int count = 0;
    for (int index = 0; index < RM_CHILD_SLOTS; index++) {
        pid_t pid = atomic_exchange(&children[index], 0);
        if (pid > 0) {
            kill(pid, SIGTERM);
            taken[count++] = pid;
        }
    }
    int waited = 0;
    int left = count;
    while (left > 0) {
        left = 0;
        for (int index = 0; index < count; index++) {
            if (taken[index] == 0) continue;
            pid_t done = waitpid(taken[index], NULL, WNOHANG);
            if (done == taken[index] || (done == -1 && errno == ECHILD)) {
                taken[index] = 0;
            } else {
                left++;
            }
        }
        if (left == 0 || waited >= grace_ms) break;
        pause_ms(5);
        waited += 5;
    }
    for (int index = 0; index < count; index++) {
        if (taken[index] == 0) continue;
        kill(taken[index], SIGKILL);
        while (waitpid(taken[index], NULL, 0) == -1 && errno == EINTR) {}
    }
}

static void end_then_default(int number) {
    int saved = errno;
    rm_end_children(300);
    signal(number, SIG_DFL);
    raise(number);
    errno = saved;
}

void rm_end_children_on_signals(void) {
    int numbers[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t index = 0; index < sizeof numbers / sizeof numbers[0]; index++) {
        struct sigaction current;
        if (sigaction(numbers[index], NULL, &current) != 0 || current.sa_handler != SIG_DFL) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = end_then_default;
        sigemptyset(&action.sa_mask);
        sigaction(numbers[index], &action, NULL);
    }
}
