package org.openmark.services.server;

/** Ends a command with a message for the user and the exit code that tells why: 2 for bad input, 1 otherwise. */
public final class CommandException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final int BAD_INPUT = 2;
    private static final int FAILED = 1;

    private final int exitCode;
    private final boolean usage;

    private CommandException(String message, int exitCode, boolean usage) {
        super(message);
        this.exitCode = exitCode;
        this.usage = usage;
    }

    /** The user asked for something not allowed; the message names the argument, its value and what is allowed. */
    public static CommandException badInput(String message) {
        return new CommandException(message, BAD_INPUT, false);
    }

    /** A command line that is not one of the commands: the whole usage text is the message. */
    public static CommandException usage(String text) {
        return new CommandException(text, BAD_INPUT, true);
    }

    /** The servers did not do what was asked; the message says what and where to look. */
    public static CommandException failed(String message) {
        return new CommandException(message, FAILED, false);
    }

    /** True when the message is the usage text, printed as it is. */
    public boolean isUsage() {
        return usage;
    }

    public int exitCode() {
        return exitCode;
    }
}
