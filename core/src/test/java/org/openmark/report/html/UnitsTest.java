package org.openmark.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnitsTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"0|0", "7|7 µs", "250|250 µs", "1019|1.02 ms", "12500|12.5 ms",
        "94335|94.3 ms", "1000000|1 s", "2500000|2.5 s"})
    void durationUs_values_readInTheLargestFittingUnit(double us, String expected) {
        assertEquals(expected, Units.durationUs(us));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"1|0%", "10|90%", "100|99%", "1000|99.9%", "10000|99.99%",
        "1000000|99.9999%"})
    void percentileOfInverseTail_decades_readAsNines(double x, String expected) {
        assertEquals(expected, Units.percentileOfInverseTail(x));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"0|0", "950|950", "2000|2,000", "12500|12.5k", "1200000|1.2M", "0.5|0.5"})
    void compact_values_areShortForAxes(double v, String expected) {
        assertEquals(expected, Units.compact(v));
    }

    @Test
    void elapsed_longRuns_useClockStyle() {
        assertEquals("15 s", Units.elapsed(15, false));
        assertEquals("2:30", Units.elapsed(150, true));
        assertEquals("1:00:05", Units.elapsed(3605, true));
    }

    @Test
    void runtime_units_growWithTheRun() {
        assertEquals("17.03 s", Units.runtime(17_032));
        assertEquals("12 min 5 s", Units.runtime(725_000));
        assertEquals("2 h 3 min", Units.runtime(7_380_000));
    }
}
