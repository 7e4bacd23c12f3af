package org.openmark.pbs;

import java.io.PrintWriter;
import java.util.Locale;

/** Renders a {@link PbsResult} as a table for people, like {@code nodetool predictconsistency}. */
public final class PbsTextReport {
    private PbsTextReport() {
    }

    /** Writes the header, the (R, W) table and, when requested, the t-visibility curve. */
    public static void write(PbsResult result, PrintWriter out) {
        PbsSpec spec = result.spec();
        int n = spec.replicas();
        out.printf(Locale.ROOT, "PBS prediction (WARS Monte Carlo): N=%d, read at t=%s ms after commit, k=%d,"
                + " read fan-out=%s, %d trials, seed=%d%n", n, LatencyDistribution.format(spec.tMs()), spec.k(),
                spec.fanout().label(), spec.trials(), spec.seed());
        for (WarsKind kind : WarsKind.values()) {
            out.printf(Locale.ROOT, "  %s = %s%n", kind, spec.wars().get(kind).spec());
        }
        out.println();
        out.printf(Locale.ROOT, "%-5s %-11s %-9s %-19s %-19s %s%n", "", "", "", "read latency ms", "write latency ms",
                "t ms for P >=");
        out.printf(Locale.ROOT, "%2s %2s %11s %9s %9s %9s %9s %9s %9s %9s%n", "R", "W", "P(consist)", "±se", "mean",
                "p99.9", "mean", "p99.9", "99%", "99.9%");
        for (ConfigResult c : result.configs()) {
            out.printf(Locale.ROOT, "%2d %2d %11.6f %9.6f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f%s%n", c.r(), c.w(),
                    c.pConsistent(), c.pStdErr(), c.readMeanMs(), c.readP999Ms(), c.writeMeanMs(), c.writeP999Ms(),
                    c.tFor99Ms(), c.tFor999Ms(), c.strict(n) ? "  strict (R+W>N)" : "");
        }
        double[] ts = spec.curveTsMs();
        if (ts.length > 0) {
            out.println();
            out.println("t-visibility: P(consistent) for a read starting t ms after commit");
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%10s", "t ms"));
            for (ConfigResult c : result.configs()) {
                head.append(String.format(Locale.ROOT, " %8s", "R" + c.r() + "W" + c.w()));
            }
            out.println(head);
            for (int i = 0; i < ts.length; i++) {
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%10s",
                        LatencyDistribution.format(ts[i])));
                for (ConfigResult c : result.configs()) {
                    row.append(String.format(Locale.ROOT, " %8.5f", c.curve()[i]));
                }
                out.println(row);
            }
        }
        out.flush();
    }
}
