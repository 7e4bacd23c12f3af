package org.openmark.config;

/**
 * Bad input: a flag or property with a value that is not allowed. The message names the flag
 * or property, the value and the rule; the CLI prints it and exits with code 2.
 */
public class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    /** The longest value an error shows whole; a longer one is cut (a 1 MB value would fill the terminal). */
    static final int LONGEST_SHOWN = 120;

    /** {@code name=value: rule}, on one line, a long value cut to its start and its length. */
    public static ConfigException of(String name, String value, String rule) {
        return new ConfigException(name + "=" + shown(value) + ": " + rule);
    }

    /** A value as an error shows it: line breaks escaped, and past {@value #LONGEST_SHOWN} characters cut. */
    static String shown(String value) {
        if (value == null) {
            return "null";
        }
        String one = value.replace("\r", "\\r").replace("\n", "\\n");
        if (one.length() <= LONGEST_SHOWN) {
            return one;
        }
        return one.substring(0, LONGEST_SHOWN - 20) + "… (" + String.format(java.util.Locale.ROOT, "%,d",
                value.length()) + " characters)";
    }
}
