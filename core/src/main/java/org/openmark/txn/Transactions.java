package org.openmark.txn;

import org.openmark.api.Clock;
import org.openmark.config.Settings;
import org.openmark.workload.Workload;

/** Entry point: runs a workload's operations as transactions. */
public final class Transactions {
    private Transactions() {
    }

    /**
     * The workload with its run-phase operations (and its load-phase ones when
     * {@code txn.load=true}) wrapped in {@link TransactionalOperation}s; back-off waits go
     * through {@code clock}. When transactions are disabled the operations pass through unchanged.
     */
    public static TxnWorkload wrap(Workload workload, TxnConfig config, Clock clock) {
        if (workload instanceof TxnWorkload already) {
            throw new IllegalArgumentException("the workload is already wrapped (" + already.config() + ")");
        }
        return new TxnWorkload(workload, config, clock);
    }

    /** As {@link #wrap(Workload, TxnConfig, Clock)} with the real clock. */
    public static TxnWorkload wrap(Workload workload, TxnConfig config) {
        return wrap(workload, config, Clock.system());
    }

    /** Parses the {@code txn.*} properties for {@code workload} and wraps it. */
    public static TxnWorkload wrap(Workload workload, Settings settings, Clock clock) {
        return wrap(workload, TxnConfig.forWorkload(settings, workload), clock);
    }
}
