package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;
import org.openmark.testing.TestConfigs;

/** {@code timeseries.granularity}: a duration with its unit, or YCSB's bare milliseconds; 10 ms at least. */
class GranularityTest {
    private static Duration granularity(String text) {
        return TestConfigs.run("operationcount", "10", "timeseries.granularity", text).granularity();
    }

    @Test
    void bareNumber_isMillisecondsAsInYcsb() {
        assertEquals(Duration.ofMillis(250), granularity("250"));
        assertEquals(Duration.ofMillis(1000), TestConfigs.run("operationcount", "10").granularity(), "the default");
    }

    @Test
    void withAUnit_thatDuration() {
        assertEquals(Duration.ofMillis(500), granularity("500ms"));
        assertEquals(Duration.ofSeconds(2), granularity("2s"));
        assertEquals(Duration.ofMillis(1500), granularity("1.5s"));
    }

    @Test
    void belowTenMillisecondsOrNotWholeMilliseconds_refusedNamingTheRule() {
        for (String bad : new String[] {"5ms", "1.5ms", "9", "500us"}) {
            ConfigException e = assertThrows(ConfigException.class, () -> granularity(bad), bad);
            assertTrue(e.getMessage().startsWith("timeseries.granularity=" + bad + ": must be"), e.getMessage());
        }
        ConfigException e = assertThrows(ConfigException.class, () -> granularity("fast"));
        assertTrue(e.getMessage().startsWith("timeseries.granularity=fast: "), e.getMessage());
    }
}
