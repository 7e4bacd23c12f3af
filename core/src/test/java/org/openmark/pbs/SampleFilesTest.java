package org.openmark.pbs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.config.ConfigException;

class SampleFilesTest {
    @TempDir
    Path dir;

    private Path csv(String text) throws IOException {
        Path p = dir.resolve("trace.csv");
        Files.writeString(p, text);
        return p;
    }

    @Test
    void readWarsCsv_headerCommentsAndAnyCase_groupsByKind() throws IOException {
        Map<WarsKind, double[]> m = SampleFiles.readWarsCsv("--samples", "trace.csv",
                csv("kind,ms\n# traced on node 3\nW,1.5\nw, 2.5\n\nA,0.25\nr,0.5\nS,0.75 # late\n"));
        assertArrayEquals(new double[] {1.5, 2.5}, m.get(WarsKind.W));
        assertArrayEquals(new double[] {0.25}, m.get(WarsKind.A));
        assertArrayEquals(new double[] {0.5}, m.get(WarsKind.R));
        assertArrayEquals(new double[] {0.75}, m.get(WarsKind.S));
    }

    @Test
    void readWarsCsv_kindWithoutRows_isAbsent() throws IOException {
        Map<WarsKind, double[]> m = SampleFiles.readWarsCsv("--samples", "trace.csv", csv("W,1\nA,2\n"));
        assertEquals(Set.of(WarsKind.W, WarsKind.A), m.keySet());
    }

    @Test
    void readWarsCsv_unknownKind_namesLineAndAllowedKinds() throws IOException {
        ConfigException e = assertThrows(ConfigException.class,
                () -> SampleFiles.readWarsCsv("--samples", "trace.csv", csv("W,1\nX,2\n")));
        assertTrue(e.getMessage().contains("line 2: kind 'X' is not one of W, A, R, S"), e.getMessage());
        assertTrue(e.getMessage().startsWith("--samples=trace.csv: "), e.getMessage());
    }

    @Test
    void readWarsCsv_badRows_areRejectedWithTheirLine() throws IOException {
        ConfigException cols = assertThrows(ConfigException.class,
                () -> SampleFiles.readWarsCsv("--samples", "trace.csv", csv("W,1,2\n")));
        assertTrue(cols.getMessage().contains("line 1 'W,1,2' must have two columns kind,ms"), cols.getMessage());
        ConfigException neg = assertThrows(ConfigException.class,
                () -> SampleFiles.readWarsCsv("--samples", "trace.csv", csv("W,1\nA,-0.5\n")));
        assertTrue(neg.getMessage().contains("line 2: '-0.5' is not a latency"), neg.getMessage());
        ConfigException empty = assertThrows(ConfigException.class,
                () -> SampleFiles.readWarsCsv("--samples", "trace.csv", csv("kind,ms\n")));
        assertTrue(empty.getMessage().contains("no samples"), empty.getMessage());
    }
}
