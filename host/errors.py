"""Errors the CLI reports as one line."""


class CliError(Exception):
    """A problem to report as one line, with the exit code to use (2: usage, 1: failure)."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code
