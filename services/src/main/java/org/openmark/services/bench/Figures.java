package org.openmark.services.bench;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * One tool's figures at one rate: what the benchmark prints and writes to clients.tsv.
 *
 * @param rate                  the rate asked for, as typed ("5000"), or "-" for a run at full speed
 * @param achievedPerSecond     the operations per second the tool achieved
 * @param p99Micros             the 99th percentile of the response time, when the tool gave one
 * @param clientCpuMicrosPerOp  the client process's CPU (user + system) per operation of the window
 * @param serverCpuMicrosPerOp  the server's CPU per operation of the same window
 * @param clientRssMiB          the client's peak resident memory
 * @param note                  what follows the figures on the line (", valid true", " (HGETALL ...)")
 */
public record Figures(String tool, String rate, double achievedPerSecond, OptionalDouble p99Micros,
        double clientCpuMicrosPerOp, double serverCpuMicrosPerOp, long clientRssMiB, String note) {

    /** The figures of {@code operations} done in {@code window}: CPU seconds over operations, in microseconds. */
    public static Figures of(String tool, String rate, double achievedPerSecond, OptionalDouble p99Micros,
            double operations, Window window, String note) {
        return new Figures(tool, rate, achievedPerSecond, p99Micros, perOperation(window.clientCpuSeconds(), operations),
                perOperation(window.serverCpuSeconds(), operations), window.clientRssKiB() / 1024, note);
    }

    /** Microseconds of CPU per operation; 0 when there was no operation. */
    static double perOperation(double cpuSeconds, double operations) {
        return operations > 0 ? 1e6 * cpuSeconds / operations : 0;
    }

    /** True when the tool sustained {@code rate}: 98 % of it achieved, with a p99 within {@code p99BoundMicros}. */
    public static boolean sustained(double rate, double achievedPerSecond, OptionalDouble p99Micros, long p99BoundMicros) {
        return achievedPerSecond >= 0.98 * rate && p99Micros.isPresent() && p99Micros.getAsDouble() <= p99BoundMicros;
    }

    /** The line the benchmark prints. */
    public String line() {
        return String.format(Locale.ROOT, "  %-24s %7s/s: achieved %8.0f/s, p99 %8s us, client CPU %6.2f us/op,"
                + " server CPU %6.2f us/op, client RSS %5d MiB%s", tool, rate, achievedPerSecond,
                p99Micros.isPresent() ? String.format(Locale.ROOT, "%.0f", p99Micros.getAsDouble()) : "?",
                clientCpuMicrosPerOp, serverCpuMicrosPerOp, clientRssMiB, note);
    }

    /** clients.tsv's row: tool, rate, achieved, p99 us (empty when unknown), client and server CPU us/op, client RSS MiB. */
    public String tsvRow() {
        return String.join("\t", tool, rate, Double.toString(achievedPerSecond),
                p99Micros.isPresent() ? Double.toString(p99Micros.getAsDouble()) : "", Double.toString(clientCpuMicrosPerOp),
                Double.toString(serverCpuMicrosPerOp), Long.toString(clientRssMiB));
    }

    /** The figures of a clients.tsv row ({@link #tsvRow()}; its note is not in the row). */
    public static Figures fromTsvRow(String row) {
        String[] f = row.split("\t", -1);
        if (f.length != 7) {
            throw new IllegalArgumentException("a clients.tsv row has 7 fields, not " + f.length + ": " + row);
        }
        return new Figures(f[0], f[1], Double.parseDouble(f[2]),
                f[3].isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(f[3])),
                Double.parseDouble(f[4]), Double.parseDouble(f[5]), Long.parseLong(f[6]), "");
    }

    /** These figures with {@code note}. */
    public Figures withNote(String text) {
        return new Figures(tool, rate, achievedPerSecond, p99Micros, clientCpuMicrosPerOp, serverCpuMicrosPerOp,
                clientRssMiB, text);
    }
}
