package org.openmark.event;

import java.time.Duration;
import org.openmark.config.ConfigException;
import org.openmark.config.Durations;

/**
 * An action during a run ({@code --event AT:COMMAND}): a shell command started {@code at} after
 * the measured start (the end of the warm-up), for example a node added to or killed in the
 * cluster under test.
 *
 * @param at when, after the measured start
 * @param command a shell command line ({@code sh -c})
 */
public record EventSpec(Duration at, String command) {

    public EventSpec {
        if (at.isNegative()) {
            throw new IllegalArgumentException("at must be >= 0: " + at);
        }
        if (command == null || command.isBlank()) {
            throw new IllegalArgumentException("empty command");
        }
    }

    /** Parses {@code AT:COMMAND}, e.g. {@code 60s:bin/openmark-services add-node cassandra}; errors name {@code flag}. */
    public static EventSpec parse(String flag, String text) {
        int colon = text == null ? -1 : text.indexOf(':');
        if (colon <= 0 || colon == text.length() - 1 || text.substring(colon + 1).isBlank()) {
            throw ConfigException.of(flag, String.valueOf(text), "must be AT:COMMAND, a time after the measured start"
                    + " and a shell command, e.g. 60s:'bin/openmark-services add-node cassandra'");
        }
        Duration at = Durations.parse(flag + " (its time, before the ':')", text.substring(0, colon).trim());
        return new EventSpec(at, text.substring(colon + 1).trim());
    }

    @Override
    public String toString() {
        return Durations.format(at) + ":" + command;
    }
}
