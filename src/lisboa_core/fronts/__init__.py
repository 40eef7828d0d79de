"""Front ends: the command line, the JSON-lines engine protocol and the browser table."""
