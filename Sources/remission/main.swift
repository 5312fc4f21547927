print("remission 0.1.0")
