package org.openmark.timing;

import org.openmark.api.Clock;
import org.openmark.config.ConfigException;

/**
 * The clock a run uses and the threads that go with it: real time, or virtual time (a fresh
 * {@link VirtualClock} with {@link VirtualTasks}) for runs against the simulated store.
 */
public record Timing(Clock clock, Tasks tasks) {

    /** The system clock and real threads. */
    public static Timing real() {
        return new Timing(Clock.system(), Tasks.real());
    }

    /** A fresh virtual clock starting at zero, with threads registered on it. */
    public static Timing virtual() {
        VirtualClock clock = new VirtualClock();
        return new Timing(clock, new VirtualTasks(clock));
    }

    /** {@code real} or {@code virtual} (the {@code --time} flag); errors name {@code flag}. */
    public static Timing parse(String flag, String text) {
        return switch (text) {
            case "real" -> real();
            case "virtual" -> virtual();
            default -> throw ConfigException.of(flag, text, "must be real or virtual");
        };
    }
}
