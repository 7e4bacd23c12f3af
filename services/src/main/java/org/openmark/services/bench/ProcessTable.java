package org.openmark.services.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The processes the benchmark measures, as the kernel accounts for them: CPU ticks from /proc/PID/stat (user
 * and system time, and the time of the children a process has reaped), children, and the peak resident
 * memory from /proc/PID/status. A test gives a table of its own.
 */
public interface ProcessTable {
    /** Process {@code pid}'s /proc/PID/stat line, or empty when it is gone. */
    Optional<String> stat(long pid);

    /** The live children of {@code pid}. */
    List<Long> children(long pid);

    /** Process {@code pid}'s peak resident memory (VmHWM) in KiB, or empty when it is gone. */
    OptionalLong peakResidentKiB(long pid);

    /** This machine's /proc. */
    static ProcessTable system() {
        return new ProcessTable() {
            @Override
            public Optional<String> stat(long pid) {
                return read(Path.of("/proc", Long.toString(pid), "stat"));
            }

            @Override
            public List<Long> children(long pid) {
                return ProcessHandle.of(pid).map(p -> p.children().map(ProcessHandle::pid).toList()).orElse(List.of());
            }

            @Override
            public OptionalLong peakResidentKiB(long pid) {
                return read(Path.of("/proc", Long.toString(pid), "status")).flatMap(status -> status.lines()
                        .filter(l -> l.startsWith("VmHWM:")).findFirst())
                        .map(l -> OptionalLong.of(Long.parseLong(l.replaceAll("\\D", ""))))
                        .orElse(OptionalLong.empty());
            }

            private Optional<String> read(Path file) {
                try {
                    return Optional.of(Files.readString(file, StandardCharsets.ISO_8859_1));
                } catch (IOException e) {
                    return Optional.empty();
                }
            }
        };
    }

    /**
     * A process's CPU time in clock ticks from its stat line: {@code own} = user + system of all its threads,
     * {@code reaped} = the user + system time of the children it has waited for (fields 14-17 of proc(5)).
     */
    record Ticks(long own, long reaped) {
        /** The ticks of a /proc/PID/stat line; the command in parentheses may hold spaces and ") ". */
        public static Ticks parse(String stat) {
            String[] f = stat.substring(stat.lastIndexOf(") ") + 2).trim().split("\\s+");
            // f[0] is field 3 (the state): utime is field 14, stime 15, cutime 16, cstime 17
            return new Ticks(Long.parseLong(f[11]) + Long.parseLong(f[12]), Long.parseLong(f[13]) + Long.parseLong(f[14]));
        }
    }

    /** Process {@code pid}'s own CPU ticks (all its threads), or empty when it is gone. */
    default OptionalLong ownTicks(long pid) {
        return stat(pid).map(s -> OptionalLong.of(Ticks.parse(s).own())).orElse(OptionalLong.empty());
    }

    /**
     * A server's CPU ticks: each of its processes' own and reaped children's, and its live children's own
     * (PostgreSQL's backends are the postmaster's children; one that ends moves its time into the
     * postmaster's reaped time). A process that is gone counts nothing.
     */
    default long serverTicks(List<Long> pids) {
        long total = 0;
        for (long p : pids) {
            total += stat(p).map(s -> Ticks.parse(s).own() + Ticks.parse(s).reaped()).orElse(0L);
            for (long c : children(p)) {
                total += ownTicks(c).orElse(0);
            }
        }
        return total;
    }
}
