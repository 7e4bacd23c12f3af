package org.openmark.output;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The name every output of a run carries ({@code result.json}'s {@code runId}, a comment in
 * {@code latency.hlog}, the manifest of its directory): when its measured phase started and its
 * seed, e.g. {@code 20261126T140317.412Z-42}. The same run replayed in virtual time gets the same
 * name, as it gets the same files.
 */
public final class RunId {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private RunId() {
    }

    /** The run that started at {@code startEpochMs} with {@code seed}. */
    public static String of(long startEpochMs, long seed) {
        return FORMAT.format(Instant.ofEpochMilli(startEpochMs)) + "-" + seed;
    }
}
