#include <zlib.h>

/* inflateInit2 is a macro; Swift calls this instead. */
static inline int rm_inflate_init(z_stream *stream) {
    /* 15 + 32: a gzip or a zlib stream, told apart by its header. */
    return inflateInit2(stream, 15 + 32);
}
