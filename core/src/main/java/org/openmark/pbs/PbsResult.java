package org.openmark.pbs;

import java.util.List;

/**
 * The outcome of a {@link PbsSpec}: one {@link ConfigResult} per (R, W), R outer and W inner,
 * both 1..N.
 */
public record PbsResult(PbsSpec spec, List<ConfigResult> configs) {

    public PbsResult {
        configs = List.copyOf(configs);
    }

    /** The result for R = {@code r}, W = {@code w} (1-based). */
    public ConfigResult config(int r, int w) {
        int n = spec.replicas();
        if (r < 1 || r > n || w < 1 || w > n) {
            throw new IllegalArgumentException("R=" + r + ", W=" + w + " outside 1.." + n);
        }
        return configs.get((r - 1) * n + (w - 1));
    }
}
