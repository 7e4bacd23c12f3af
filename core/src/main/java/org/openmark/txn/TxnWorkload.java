package org.openmark.txn;

import java.util.Optional;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.workload.Operation;
import org.openmark.workload.ValidationReport;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadClient;

/**
 * A workload whose operations run as units of work per a {@link TxnConfig}; everything else
 * (table, load count, validation) is the wrapped workload's. Made by {@link Transactions#wrap}.
 */
public final class TxnWorkload implements Workload {
    private final Workload inner;
    private final TxnConfig config;
    private final Clock clock;
    private final TxnCounters counters = new TxnCounters();

    TxnWorkload(Workload inner, TxnConfig config, Clock clock) {
        this.inner = inner;
        this.config = config;
        this.clock = clock;
    }

    /** The note of a run whose store has no transactions, so its units of work ran as plain operations. */
    public static String withoutTransactionsNote(String store) {
        return "store '" + store + "' has no transactions (start, commit and abort do nothing): the workload's units"
                + " of work ran as plain operations, and no START, COMMIT, ABORT or TX- figures are reported";
    }

    /** The wrapped workload. */
    public Workload inner() {
        return inner;
    }

    /** The configuration in force. */
    public TxnConfig config() {
        return config;
    }

    /** How the units of work ended (all zero when transactions are off). */
    public TxnCounters counters() {
        return counters;
    }

    @Override
    public String table() {
        return inner.table();
    }

    @Override
    public long loadOperationCount() {
        return inner.loadOperationCount();
    }

    @Override
    public long recordBytes() {
        return inner.recordBytes();
    }

    @Override
    public long operationBytes() {
        return inner.operationBytes();
    }

    @Override
    public WorkloadClient newClient(int clientIndex, int clientCount, long seed) {
        WorkloadClient client = inner.newClient(clientIndex, clientCount, seed);
        if (!config.enabled()) {
            return client;
        }
        return new WorkloadClient() {
            @Override
            public Operation nextLoadOperation() {
                Operation op = client.nextLoadOperation();
                return op != null && config.wrapLoad() ? wrap(op) : op;
            }

            @Override
            public Operation nextOperation() {
                Operation op = client.nextOperation();
                return op == null ? null : wrap(op);
            }
        };
    }

    private Operation wrap(Operation op) {
        return new TransactionalOperation(op, config.retry(), clock, counters);
    }

    @Override
    public java.util.List<org.openmark.workload.ReportSection> reportSections() {
        java.util.List<org.openmark.workload.ReportSection> all = new java.util.ArrayList<>(inner.reportSections());
        if (config.enabled()) {
            all.add(new org.openmark.workload.ReportSection("txn", counters.textLines(), counters.values()));
        }
        return all;
    }

    @Override
    public org.openmark.workload.MissingRecords missingRecords() {
        return inner.missingRecords();
    }

    @Override
    public org.openmark.workload.DataChecks dataChecks() {
        return inner.dataChecks();
    }

    @Override
    public Optional<ValidationReport> validate(Store store) {
        return inner.validate(store);
    }
}
