package org.openmark.txn;

import java.util.List;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.workload.Workload;

/**
 * How a run uses transactions, resolved once from the settings. All {@code txn.*} properties and
 * their defaults are here:
 *
 * <table>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>txn.enabled</td><td>true for transactional workloads (closed economy), else false</td>
 *     <td>run each run-phase operation as a unit of work (start … commit/abort); {@code --no-txn} sets false</td></tr>
 * <tr><td>txn.load</td><td>false</td><td>also wrap the load phase's inserts</td></tr>
 * <tr><td>txn.retries</td><td>0</td><td>re-runs of a unit the store aborted</td></tr>
 * <tr><td>txn.backoff</td><td>0</td><td>milliseconds before the first retry, doubling each retry</td></tr>
 * <tr><td>txn.backoff.max</td><td>1000 (or txn.backoff when larger)</td><td>cap of the doubling, milliseconds</td></tr>
 * <tr><td>txn.retry.on</td><td>aborted</td><td>which outcomes are retried: only {@code aborted}</td></tr>
 * </table>
 *
 * @param enabled whether run-phase operations are wrapped
 * @param load whether load-phase operations are to be wrapped too ({@code txn.load}; only when enabled:
 *     {@link #wrapLoad()})
 * @param retry retries and back-off
 */
public record TxnConfig(boolean enabled, boolean load, RetryPolicy retry) {
    public static final String ENABLED = "txn.enabled";
    public static final String LOAD = "txn.load";
    public static final String RETRIES = "txn.retries";
    public static final String BACKOFF = "txn.backoff";
    public static final String BACKOFF_MAX = "txn.backoff.max";
    public static final String RETRY_ON = "txn.retry.on";

    /** Every property this class reads. */
    public static final List<String> PROPERTIES = List.of(ENABLED, LOAD, RETRIES, BACKOFF, BACKOFF_MAX, RETRY_ON);

    private static final long DEFAULT_BACKOFF_MAX_MS = 1000;

    /** Transactions off. */
    public static final TxnConfig DISABLED = new TxnConfig(false, false, RetryPolicy.NONE);

    /** The configuration for {@code workload}: enabled by default when it is {@link Transactional}. */
    public static TxnConfig forWorkload(Settings settings, Workload workload) {
        return parse(settings, workload instanceof Transactional);
    }

    /**
     * Parses the {@code txn.*} properties.
     *
     * @param enabledByDefault the value of {@code txn.enabled} when it is not set
     * @throws ConfigException naming the property, its value and the rule
     */
    public static TxnConfig parse(Settings settings, boolean enabledByDefault) {
        boolean enabled = settings.getBoolean(ENABLED, enabledByDefault);
        boolean load = settings.getBoolean(LOAD, false);
        int retries = settings.getInt(RETRIES, 0, 0);
        long backoffMs = settings.getLong(BACKOFF, 0, 0);
        long maxMs = settings.getLong(BACKOFF_MAX, Math.max(DEFAULT_BACKOFF_MAX_MS, backoffMs), 0);
        if (maxMs < backoffMs) {
            throw ConfigException.of(BACKOFF_MAX, String.valueOf(maxMs),
                    "must be >= " + BACKOFF + " (" + backoffMs + " ms)");
        }
        // Only aborts are safe to retry (see RetryPolicy); the property exists so that a script
        // asking for something else gets an error instead of silently different behaviour.
        settings.getChoice(RETRY_ON, "aborted", List.of("aborted"));
        return new TxnConfig(enabled, load, new RetryPolicy(retries, backoffMs, maxMs));
    }

    /** Whether load-phase operations are wrapped: asked for, and transactions on. */
    public boolean wrapLoad() {
        return load && enabled;
    }

    /** This configuration with transactions on or off ({@code txn.enabled}; txn-overhead's two runs). */
    public TxnConfig withEnabled(boolean on) {
        return new TxnConfig(on, load, retry);
    }
}
