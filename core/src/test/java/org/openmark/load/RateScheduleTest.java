package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;

class RateScheduleTest {
    private static final long S = 1_000_000_000L;

    @Test
    void ramp_parsed_interpolatesLinearlyThenHolds() {
        RateSchedule r = RateSchedule.parse("--rate-schedule", "ramp:1000..50000 over 5m");
        assertEquals(1000, r.rateAt(0), 1e-9);
        assertEquals(25500, r.rateAt(150 * S), 1e-6);
        assertEquals(50000, r.rateAt(300 * S), 1e-9);
        assertEquals(50000, r.rateAt(900 * S), 1e-9);
        assertEquals(Duration.ofMinutes(5), r.naturalLength());
        assertEquals(25500, r.meanRate(300 * S), 1e-6);
    }

    @Test
    void steps_parsed_changeEveryInterval() {
        RateSchedule r = RateSchedule.parse("--rate-schedule", "steps:1000,2000,4000 every 30s");
        assertEquals(1000, r.rateAt(29 * S), 1e-9);
        assertEquals(2000, r.rateAt(30 * S), 1e-9);
        assertEquals(4000, r.rateAt(89 * S), 1e-9);
        assertEquals(4000, r.rateAt(1000 * S), 1e-9);
        assertEquals(Duration.ofSeconds(90), r.naturalLength());
        assertEquals(7000.0 / 3, r.meanRate(90 * S), 1e-6);
    }

    @Test
    void parse_badText_namesFlagAndForms() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> RateSchedule.parse("--rate-schedule", "ramp 1..2"));
        assertTrue(e.getMessage().contains("--rate-schedule=ramp 1..2"), e.getMessage());
        assertThrows(ConfigException.class, () -> RateSchedule.parse("--rate-schedule", "steps:0,5 every 1s"));
        assertThrows(ConfigException.class, () -> RateSchedule.parse("--rate-schedule", "steps:5 every 0s"));
    }
}
