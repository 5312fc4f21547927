import RemissionCLI
RemissionCommand.main()
