package org.openmark.output;

import org.openmark.measure.LatencyKind;

/**
 * One kind of latency block of the text report, by the prefix of its name: {@code [READ]} (prefix
 * empty), {@code [SERVICE-READ]}, {@code [Intended-READ]}. What YCSB's outputs of each block (its
 * {@code .hdr} file, its time series) are made of.
 *
 * @param prefix put before the operation's name ({@code SERVICE-}, {@code Intended-}, or empty)
 * @param kind the latency the block shows
 * @param withFailed true when the failed outcomes have a block of their own, {@code [READ-FAILED]}
 *     (else the block holds the OK outcomes only, as the report's secondary blocks do)
 */
public record LatencyBlock(String prefix, LatencyKind kind, boolean withFailed) {

    /** The block's name for an operation and whether the outcome was OK; null when the block has no such outcome. */
    public String name(String operation, boolean ok) {
        if (ok) {
            return prefix + operation;
        }
        return withFailed ? prefix + operation + "-FAILED" : null;
    }
}
