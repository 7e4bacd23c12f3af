package org.openmark.store.ycsb;

import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreConfigException;
import org.openmark.config.ConfigException;
import org.openmark.store.ycsb.spi.BindingWorkload;
import org.openmark.workload.Operation;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadClient;
import org.openmark.workload.WorkloadProperties;

/**
 * A YCSB workload class run by openmark: one openmark operation is one {@code doInsert} (load) or
 * one {@code doTransaction} (run), reported as {@value #INSERT_UNIT} and {@value #TRANSACTION_UNIT};
 * the database calls it makes are measured each under its own name (READ, INSERT, …) as YCSB's
 * DBWrapper measures them, from the call's own start.
 *
 * <h2>Implementation notes</h2>
 * YCSB's thread state is one client thread's and not thread-safe, and a YCSB workload decides what to
 * do while it does it, so a unit cannot be made ahead and run elsewhere: each unit takes a thread
 * state of its client to itself while it runs. A closed-model client runs one unit at a time: it has
 * one state, {@code initThread(p, clientIndex, clientCount)}, as YCSB's thread. In the open model,
 * units overlap; a unit that finds all its client's states busy makes one more, with the same thread
 * id and count (YCSB's workloads then choose from the same key space in each state).
 */
final class YcsbWorkload implements Workload {
    static final String INSERT_UNIT = "DO-INSERT";
    static final String TRANSACTION_UNIT = "DO-TRANSACTION";

    private final YcsbWorkloadSettings settings;
    private final BindingWorkload workload;

    private YcsbWorkload(YcsbWorkloadSettings settings, BindingWorkload workload) {
        this.settings = settings;
        this.workload = workload;
    }

    /** Makes and {@code init()}s the class in a class loader of its own. */
    static YcsbWorkload open(YcsbWorkloadSettings settings) {
        BindingClassLoader loader = YcsbWorkloadSettings.loader(settings.classPath());
        Properties p = new Properties();
        settings.properties().forEach(p::setProperty);
        try {
            Class<?> type = Class.forName(settings.workloadClass(), false, loader);
            BindingWorkload w = (BindingWorkload) loader.loadClass(YcsbWorkloadSettings.BRIDGE)
                    .getConstructor(Class.class, Properties.class, String.class)
                    .newInstance(type, p, WorkloadProperties.WORKLOAD);
            return new YcsbWorkload(settings, w);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof StoreConfigException c) {
                throw new ConfigException(c.getMessage());
            }
            throw new IllegalStateException("cannot make " + settings.workloadClass() + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("openmark's YCSB bridge cannot be loaded (" + e + "): rebuild openmark", e);
        }
    }

    @Override
    public String table() {
        return settings.table();
    }

    @Override
    public long loadOperationCount() {
        return settings.loadOperationCount();
    }

    // recordBytes() and operationBytes() say nothing (0): the class decides its keys and fields, and
    // YCSB's fieldcount need not be a record's (TimeSeriesWorkload writes 64 metrics' points under 64 keys)

    @Override
    public WorkloadClient newClient(int clientIndex, int clientCount, long seed) {
        // YCSB's client: each thread inserts opcount / threads, the first (opcount % threads) one more
        long share = loadOperationCount() / clientCount + (clientIndex < loadOperationCount() % clientCount ? 1 : 0);
        return new Client(new States(clientIndex, clientCount), share);
    }

    /** The thread states of one client; a unit takes one to itself. */
    private final class States {
        private final int threadId;
        private final int threadCount;
        private final ConcurrentLinkedQueue<BindingWorkload.ThreadState> free = new ConcurrentLinkedQueue<>();

        States(int threadId, int threadCount) {
            this.threadId = threadId;
            this.threadCount = threadCount;
        }

        Status run(Session session, boolean insert) {
            BindingWorkload.ThreadState state = free.poll();
            if (state == null) {
                state = workload.initThread(threadId, threadCount);
            }
            try {
                return insert ? state.doInsert(session) : state.doTransaction(session);
            } finally {
                free.add(state);
            }
        }
    }

    private static final class Client implements WorkloadClient {
        private final Unit insert;
        private final Unit transaction;
        private long inserts;

        Client(States states, long inserts) {
            this.insert = new Unit(INSERT_UNIT, true, states);
            this.transaction = new Unit(TRANSACTION_UNIT, false, states);
            this.inserts = inserts;
        }

        @Override
        public Operation nextLoadOperation() {
            if (inserts == 0) {
                return null;
            }
            inserts--;
            return insert;
        }

        @Override
        public Operation nextOperation() {
            return transaction;
        }
    }

    /** One {@code doInsert} or {@code doTransaction}: what it does is the workload's choice when it runs. */
    private record Unit(String name, boolean insert, States states) implements Operation {
        @Override
        public boolean composite() {
            return true;
        }

        @Override
        public Status execute(Session session) {
            return states.run(session, insert);
        }
    }
}
