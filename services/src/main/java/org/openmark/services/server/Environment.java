package org.openmark.services.server;

import java.util.Map;
import java.util.Optional;

/** Settings read from the environment at the edge; a bad value is refused naming the variable. */
public final class Environment {
    private Environment() {
    }

    /** The variable's value, when it is set and not blank. */
    public static Optional<String> nonBlank(Map<String, String> env, String key) {
        return Optional.ofNullable(env.get(key)).filter(v -> !v.isBlank());
    }

    /** The variable's whole number above 0, or exit 2 naming it and saying it must be {@code what} above 0. */
    public static Optional<Long> positive(Map<String, String> env, String key, String what) {
        return nonBlank(env, key).map(value -> {
            try {
                long parsed = Long.parseLong(value.trim());
                if (parsed > 0) {
                    return parsed;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw CommandException.badInput(key + "=" + value + ": must be " + what + " above 0");
        });
    }
}
