package org.openmark.services.bench;

import java.util.OptionalDouble;
import java.util.Set;

/**
 * How each client tool's output is read into figures: the achieved rate, the p99 of the response time, the
 * operations of the window, a note, and whether the run was clean (no failed operation, a valid run).
 */
enum ToolKind {
    /** openmark's open model: its [SCHEDULE] achieved rate, READ and UPDATE p99s from the intended start, [RUN] Valid. */
    OPENMARK("openmark") {
        @Override
        Reading read(ToolOutput o) {
            YcsbReport r = YcsbReport.parse(o.out());
            double achieved = r.number("SCHEDULE", "AchievedRate(ops/sec)").orElse(0);
            long failed = r.failed(Set.of("OK", "NOT_FOUND"));
            String valid = r.field("RUN", "Valid").orElse("?");
            return new Reading(achieved, r.highestP99("READ", "UPDATE"), achieved * o.window().seconds(),
                    ", valid " + valid + failedNote(failed), failed == 0 && valid.equals("true"));
        }
    },
    /** openmark's closed model at full speed: its overall throughput. */
    OPENMARK_CLOSED("openmark-closed") {
        @Override
        Reading read(ToolOutput o) {
            YcsbReport r = YcsbReport.parse(o.out());
            double throughput = r.number("OVERALL", "Throughput(ops/sec)").orElse(0);
            return new Reading(throughput, r.highestP99("READ", "UPDATE"), throughput * o.window().seconds(), "", true);
        }
    },
    /**
     * YCSB's client paced by -target: the window's operations from its status lines (its overall throughput counts
     * its start-up too), its intended-start p99 over the whole run.
     */
    YCSB("ycsb") {
        @Override
        Reading read(ToolOutput o) {
            YcsbReport r = YcsbReport.parse(o.out());
            long operations = YcsbStatusLines.operationsBetween(o.err(), o.warmSeconds(), o.warmSeconds() + o.secs());
            long failed = r.failed(Set.of("OK"), "READ", "UPDATE");
            return new Reading((double) operations / o.secs(), r.highestP99("Intended-READ", "Intended-UPDATE"), operations,
                    failedNote(failed), failed == 0);
        }
    },
    /** pgbench -R: the window's logged transactions (one in ten) and their p99 of latency plus schedule lag. */
    PGBENCH("pgbench") {
        @Override
        Reading read(ToolOutput o) {
            PgbenchLog.Sample s = PgbenchLog.window(o.pgbenchLog(), o.window().fromEpochMillis(), o.window().toEpochMillis());
            double achieved = s.transactions() * 10 / o.window().seconds();
            return new Reading(achieved, s.p99Micros(), achieved * o.window().seconds(), "", true);
        }
    },
    /** latte: the window's one-second rows; its p99 is the highest of theirs. */
    LATTE("latte") {
        @Override
        Reading read(ToolOutput o) {
            LatteSamples.Sample s = LatteSamples.window(o.out(), o.warmSeconds(), o.warmSeconds() + o.secs());
            return new Reading((double) s.cycles() / o.secs(), s.p99Micros(), s.cycles(),
                    " (p99: the highest one-second p99 of the window)" + failedNote(s.errors()), s.errors() == 0);
        }
    };

    private final String word;

    ToolKind(String word) {
        this.word = word;
    }

    abstract Reading read(ToolOutput output);

    static ToolKind ofWord(String word) {
        for (ToolKind k : values()) {
            if (k.word.equals(word)) {
                return k;
            }
        }
        throw org.openmark.services.server.CommandException.badInput("--tool " + word
                + ": must be one of openmark, openmark-closed, ycsb, pgbench, latte");
    }

    private static String failedNote(long failed) {
        return failed > 0 ? ", " + failed + " failed" : "";
    }

    /** What a run's output says: achieved operations per second, the p99, the window's operations, a note. */
    record Reading(double achievedPerSecond, OptionalDouble p99Micros, double operations, String note, boolean clean) {
    }

    /** A finished run's output and its window. */
    record ToolOutput(String out, String err, java.util.List<String> pgbenchLog, Window window, long warmSeconds,
            long secs) {
    }
}
