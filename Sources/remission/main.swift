import RemissionCLI

RemissionCommand.start()
