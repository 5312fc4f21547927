RemissionCommand.start()
