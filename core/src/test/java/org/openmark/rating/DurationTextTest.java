package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;

class DurationTextTest {

    @Test
    void parse_eachUnit_converts() {
        assertEquals(Duration.ZERO, DurationText.parse("--warmup", "0"));
        assertEquals(Duration.ofMillis(500), DurationText.parse("--warmup", "500ms"));
        assertEquals(Duration.ofSeconds(30), DurationText.parse("--warmup", " 30 s"));
        assertEquals(Duration.ofMinutes(10), DurationText.parse("--warmup", "10m"));
        assertEquals(Duration.ofMinutes(90), DurationText.parse("--warmup", "1.5h"));
    }

    @Test
    void parse_noUnit_namesFlagAndForms() {
        ConfigException e = assertThrows(ConfigException.class, () -> DurationText.parse("--experiment", "60"));
        assertTrue(e.getMessage().startsWith("--experiment=60: must be a duration such as"), e.getMessage());
    }
}
