package org.openmark.services.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ProcessTableTest {
    /** A stat line as the kernel writes it: pid, (comm), state, then fields 4..; utime 14, stime 15, cutime 16, cstime 17. */
    static String stat(long pid, String comm, long utime, long stime, long cutime, long cstime) {
        return pid + " (" + comm + ") S 1 " + pid + " " + pid + " 0 -1 4194560 1200 0 0 0 " + utime + " " + stime + " "
                + cutime + " " + cstime + " 20 0 4 0 1234 1000000 500 18446744073709551615\n";
    }

    /** A table of fixed stat lines and children. */
    static ProcessTable table(Map<Long, String> stats, Map<Long, List<Long>> children) {
        return new ProcessTable() {
            @Override
            public Optional<String> stat(long pid) {
                return Optional.ofNullable(stats.get(pid));
            }

            @Override
            public List<Long> children(long pid) {
                return children.getOrDefault(pid, List.of());
            }

            @Override
            public OptionalLong peakResidentKiB(long pid) {
                return stats.containsKey(pid) ? OptionalLong.of(204_800) : OptionalLong.empty();
            }
        };
    }

    @Test
    void ticks_userAndSystemAndReapedChildren_aCommandWithSpacesAndParentheses() {
        ProcessTable.Ticks t = ProcessTable.Ticks.parse(stat(7, "a b) c", 120, 30, 500, 40));
        assertEquals(150, t.own());
        assertEquals(540, t.reaped());
    }

    @Test
    void serverTicks_processesWithReapedChildrenAndLiveChildren_goneOnesCountNothing() {
        // postmaster 10 (its reaped backends 400+100), backends 11 and 12 alive, 13 gone; redis 20
        ProcessTable t = table(Map.of(
                10L, stat(10, "postgres", 50, 20, 400, 100),
                11L, stat(11, "postgres", 300, 200, 0, 0),
                12L, stat(12, "postgres", 7, 3, 0, 0),
                20L, stat(20, "redis-server", 1000, 500, 0, 0)),
                Map.of(10L, List.of(11L, 12L, 13L)));
        assertEquals(70 + 500 + 500 + 10, t.serverTicks(List.of(10L)));
        assertEquals(70 + 500 + 500 + 10 + 1500, t.serverTicks(List.of(10L, 20L, 99L)));
        assertEquals(OptionalLong.of(1500), t.ownTicks(20));
        assertEquals(OptionalLong.empty(), t.ownTicks(99));
    }

    @Test
    void system_thisProcess_hasTicksAndMemory() {
        long self = ProcessHandle.current().pid();
        assertEquals(true, ProcessTable.system().ownTicks(self).isPresent());
        assertEquals(true, ProcessTable.system().peakResidentKiB(self).orElse(0) > 0);
    }
}
