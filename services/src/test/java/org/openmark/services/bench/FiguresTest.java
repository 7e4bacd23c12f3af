package org.openmark.services.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class FiguresTest {
    /** 20 s measured: the client used 150 ticks (1.5 s at 100/s), the server 400 (4 s); 600 MiB peak. */
    private static final Window WINDOW = new Window(1000, 1150, 5000, 5400, 1_795_000_010_000L, 1_795_000_030_000L,
            614_400, 100);

    @Test
    void of_cpuPerOperationOverTheWindowsOperations() {
        // 5,000/s for 20 s: 100,000 operations; 1.5 s / 100,000 = 15 us, 4 s / 100,000 = 40 us
        Figures f = Figures.of("openmark-redis", "5000", 5000, OptionalDouble.of(812), 5000 * WINDOW.seconds(), WINDOW,
                ", valid true");
        assertEquals(15.0, f.clientCpuMicrosPerOp(), 1e-9);
        assertEquals(40.0, f.serverCpuMicrosPerOp(), 1e-9);
        assertEquals(600, f.clientRssMiB());
        assertEquals(20.0, WINDOW.seconds());
    }

    @Test
    void of_noOperations_zeroPerOperation() {
        Figures f = Figures.of("pgbench", "1000", 0, OptionalDouble.empty(), 0, WINDOW, "");
        assertEquals(0, f.clientCpuMicrosPerOp());
        assertEquals(0, f.serverCpuMicrosPerOp());
    }

    @Test
    void line_theFormatTheBenchmarkHasAlwaysPrinted() {
        Figures f = new Figures("openmark-redis", "5000", 4998.6, OptionalDouble.of(812), 15.004, 40, 600, ", valid true");
        assertEquals("  openmark-redis              5000/s: achieved     4999/s, p99      812 us, client CPU  15.00 us/op,"
                + " server CPU  40.00 us/op, client RSS   600 MiB, valid true", f.line());
        assertTrue(f.withNote("").line().endsWith("client RSS   600 MiB"));
        assertEquals("  latte                          -/s: achieved        0/s, p99        ? us, client CPU   0.00 us/op,"
                + " server CPU   0.00 us/op, client RSS     0 MiB", new Figures("latte", "-", 0, OptionalDouble.empty(), 0, 0,
                0, "").line());
    }

    @Test
    void tsvRow_readBackAsTheSameFiguresWithoutTheNote() {
        Figures f = new Figures("pgbench", "1000", 999.123456789, OptionalDouble.of(2113), 123.45678901234, 1e-7, 17,
                ", 3 failed");
        assertEquals(f.withNote(""), Figures.fromTsvRow(f.tsvRow()));
        assertEquals(7, f.tsvRow().split("\t").length);
        Figures unknown = f.withNote("");
        Figures noP99 = new Figures("x", "-", 1, OptionalDouble.empty(), 1, 1, 1, "");
        assertEquals(noP99, Figures.fromTsvRow(noP99.tsvRow()));
        assertEquals(unknown.line(), Figures.fromTsvRow(unknown.tsvRow()).line());
        assertThrows(IllegalArgumentException.class, () -> Figures.fromTsvRow("a\tb"));
    }

    @Test
    void sustained_98PercentOfTheRateWithTheP99WithinTheBound() {
        assertTrue(Figures.sustained(5000, 4900, OptionalDouble.of(10_000), 10_000));
        assertFalse(Figures.sustained(5000, 4899.9, OptionalDouble.of(100), 10_000));
        assertFalse(Figures.sustained(5000, 5000, OptionalDouble.of(10_001), 10_000));
        assertFalse(Figures.sustained(5000, 5000, OptionalDouble.empty(), 10_000));
    }
}
