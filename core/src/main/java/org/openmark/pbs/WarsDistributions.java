package org.openmark.pbs;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.openmark.config.ConfigException;

/**
 * The four WARS latency distributions (ms), identical for every replica. The presets are the
 * production fits published with PBS (Bailis et al., VLDB 2012, Table 3), from LinkedIn's
 * Voldemort clusters.
 */
public record WarsDistributions(LatencyDistribution w, LatencyDistribution a, LatencyDistribution r,
        LatencyDistribution s) {

    /** The preset names {@link #preset} accepts. */
    public static final List<String> PRESETS = List.of("lnkd-disk", "lnkd-ssd");

    public WarsDistributions {
        Objects.requireNonNull(w, "w");
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(r, "r");
        Objects.requireNonNull(s, "s");
    }

    /** The distribution of one kind. */
    public LatencyDistribution get(WarsKind kind) {
        return switch (kind) {
            case W -> w;
            case A -> a;
            case R -> r;
            case S -> s;
        };
    }

    /** A copy with one kind replaced. */
    public WarsDistributions with(WarsKind kind, LatencyDistribution d) {
        return new WarsDistributions(kind == WarsKind.W ? d : w, kind == WarsKind.A ? d : a,
                kind == WarsKind.R ? d : r, kind == WarsKind.S ? d : s);
    }

    /** LinkedIn on SSDs: A, R, S and W all 91.22% pareto(0.235,10) + 8.78% exp(1.66). */
    public static WarsDistributions lnkdSsd() {
        LatencyDistribution ssd = ssdFit();
        return new WarsDistributions(ssd, ssd, ssd, ssd);
    }

    /**
     * LinkedIn on spinning disks (the default): W is 38% pareto(1.05,1.51) + 62% exp(0.183)
     * (slow, heavy-tailed writes to disk); A, R and S are the SSD fit (network only).
     */
    public static WarsDistributions lnkdDisk() {
        LatencyDistribution ssd = ssdFit();
        LatencyDistribution disk = new Mixture(new double[] {0.38, 0.62},
                List.of(new Pareto(1.05, 1.51), new Exponential(0.183)));
        return new WarsDistributions(disk, ssd, ssd, ssd);
    }

    /** A preset by name ({@code lnkd-disk} or {@code lnkd-ssd}); {@code flag} names it in errors. */
    public static WarsDistributions preset(String flag, String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "lnkd-disk" -> lnkdDisk();
            case "lnkd-ssd" -> lnkdSsd();
            default -> throw ConfigException.of(flag, name, "unknown preset; allowed: " + String.join(", ", PRESETS));
        };
    }

    private static LatencyDistribution ssdFit() {
        return new Mixture(new double[] {0.9122, 0.0878}, List.of(new Pareto(0.235, 10), new Exponential(1.66)));
    }
}
