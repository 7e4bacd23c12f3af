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

    /** {@code name=value: rule}. */
    public static ConfigException of(String name, String value, String rule) {
        return new ConfigException(name + "=" + value + ": " + rule);
    }
}
