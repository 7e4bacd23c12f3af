package org.openmark.cluster;

import java.time.Duration;
import java.util.Locale;
import org.openmark.cluster.coordinator.WorkerSlot;

/**
 * Whether a worker's measured clock offset is worth a warning (pure: it reads no clock). The
 * coordinator aligns every worker's intervals by its offset, which is known to ± half the
 * shortest probe round trip.
 */
final class ClockOffsetCheck {
    private ClockOffsetCheck() {
    }

    /**
     * A warning when the offset is beyond {@code bound} by more than its own uncertainty, or when
     * the uncertainty itself is beyond the bound (the offset then says little either way); else null.
     */
    static String warning(WorkerSlot w, Duration bound) {
        long boundMicros = bound.toNanos() / 1000;
        if (w.roundTripMicros() / 2 > boundMicros) {
            return String.format(Locale.ROOT, "%s's clock offset is known only to ± %.1f ms (its shortest"
                    + " round trip was %.1f ms), more than %d ms: its intervals may be misaligned by that much;"
                    + " a busy machine or network delays the probes", w.name(), w.roundTripMicros() / 2000.0,
                    w.roundTripMicros() / 1000.0, bound.toMillis());
        }
        if (Math.abs(w.offsetMicros()) - w.roundTripMicros() / 2 > boundMicros) {
            return String.format(Locale.ROOT, "%s's clock is %.1f ms ± %.1f ms off the coordinator's (more"
                    + " than %d ms): its intervals are aligned by the measured offset, but sync the clocks (NTP/PTP)"
                    + " for staleness or cross-machine latency figures", w.name(), w.offsetMicros() / 1000.0,
                    w.roundTripMicros() / 2000.0, bound.toMillis());
        }
        return null;
    }
}
