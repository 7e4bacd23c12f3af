package org.openmark.store.ycsb.bridge;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.function.Consumer;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import site.ycsb.ByteIterator;
import site.ycsb.DB;

/**
 * One session: one instance of the binding class, used by one thread at a time (YCSB: one per
 * client thread). Arguments reach the binding as YCSB passes them (the field set as given, null for
 * all fields; a {@link HashMap} to fill on reads, a {@link Vector} of them on scans); statuses come
 * back through {@link Outcomes}. Whatever a call throws is an ERROR (ABORTED from {@code commit()})
 * with the exception as {@link #lastFailure()}, counted in the tally as {@code exceptions}: a run
 * goes on. Every call runs with the binding's class loader as the thread's context class loader,
 * as in YCSB, so libraries that look classes up through it find the binding's, never openmark's.
 * A scanned {@link Record}'s key is null: YCSB's {@code scan} does not return keys.
 *
 * <p>The five operations go through {@link #call}, which switches the context class loader and turns
 * what the binding throws into an ERROR. The lambda each passes captures its arguments, but it does
 * not escape {@code call}, which the JIT inlines: measured, a delete through it allocates nothing
 * (0.0 bytes a call after warm-up, as before, when each operation had its own try/finally).
 */
final class DbSession implements Session {
    /** The tally label of a call that threw. */
    static final String EXCEPTIONS = "exceptions";
    /** The tally label of a {@code cleanup()} that threw. */
    static final String CLEANUP_FAILURES = "cleanup.failures";

    private final DB db;
    private final TxnMethods txn;
    private final ClassLoader loader;
    private final Consumer<String> tally;
    private String lastFailure;
    /** Whether the last call threw (set by {@link #thrown}); only {@link #ping} asks. */
    private boolean threw;
    private boolean closed;

    DbSession(DB db, TxnMethods txn, ClassLoader loader, Consumer<String> tally) {
        this.db = db;
        this.txn = txn;
        this.loader = loader;
        this.tally = tally;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        if (table == null || key == null || result == null) {
            return Status.BAD_REQUEST;
        }
        return call(db -> {
            HashMap<String, ByteIterator> values = new HashMap<>();
            site.ycsb.Status status = db.read(table, key, fields, values);
            Values.copy(values, result);
            return status;
        });
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        if (table == null || startKey == null || recordCount < 0 || result == null) {
            return Status.BAD_REQUEST;
        }
        return call(db -> {
            Vector<HashMap<String, ByteIterator>> records = new Vector<>();
            site.ycsb.Status status = db.scan(table, startKey, recordCount, fields, records);
            for (HashMap<String, ByteIterator> record : records) {
                Map<String, byte[]> fieldValues = HashMap.newHashMap(record.size());
                Values.copy(record, fieldValues);
                result.add(new Record(null, fieldValues));
            }
            return status;
        });
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        HashMap<String, ByteIterator> iterators = table == null || key == null || values == null ? null
                : Values.iterators(values);
        if (iterators == null) {
            return Status.BAD_REQUEST;
        }
        return call(db -> db.update(table, key, iterators));
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        HashMap<String, ByteIterator> iterators = table == null || key == null || values == null ? null
                : Values.iterators(values);
        if (iterators == null) {
            return Status.BAD_REQUEST;
        }
        return call(db -> db.insert(table, key, iterators));
    }

    @Override
    public Status delete(String table, String key) {
        if (table == null || key == null) {
            return Status.BAD_REQUEST;
        }
        return call(db -> db.delete(table, key));
    }

    /** The binding's {@code start()}; OK without calling anything when it has none. */
    @Override
    public Status start() {
        return txn.present() ? transaction(txn.start, Status.ERROR) : Status.OK;
    }

    /** The binding's {@code commit()}: an exception or an ERROR means the transaction did not commit. */
    @Override
    public Status commit() {
        return txn.present() ? transaction(txn.commit, Status.ABORTED) : Status.OK;
    }

    @Override
    public Status abort() {
        return txn.present() ? transaction(txn.abort, Status.ERROR) : Status.OK;
    }

    /**
     * The pre-flight's probe, a read of an absent key as by default; but any status the binding
     * returns is its answer: many bindings return ERROR for a missing key (YCSB's RedisClient,
     * aerospike, couchbase, geode, arangodb, rados), so every status but OK reads as NOT_FOUND. Only a
     * call that throws is no answer: its ERROR, with the exception as {@link #lastFailure()}.
     */
    @Override
    public Status ping(String table) {
        threw = false;
        Status status = read(table, PING_KEY, null, new HashMap<>());
        return threw || status == Status.OK ? status : Status.NOT_FOUND;
    }

    /** One call of the binding's, made by {@link #call}. */
    @FunctionalInterface
    private interface BindingCall {
        site.ycsb.Status on(DB db) throws Exception;
    }

    /**
     * Makes {@code binding}'s call with the binding's class loader as the thread's context class loader,
     * and maps its status; what it throws is an ERROR with the exception as {@link #lastFailure()}.
     */
    private Status call(BindingCall binding) {
        ClassLoader caller = enter();
        try {
            return outcome(binding.on(db));
        } catch (Exception | LinkageError e) {
            return thrown(e, Status.ERROR);
        } finally {
            Thread.currentThread().setContextClassLoader(caller);
        }
    }

    /** Makes the binding's class loader the thread's context class loader; returns the one to restore. */
    private ClassLoader enter() {
        Thread thread = Thread.currentThread();
        ClassLoader caller = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        return caller;
    }

    @Override
    public String lastFailure() {
        return lastFailure;
    }

    /** The binding's {@code cleanup()}, once; what it throws is counted and kept as {@link #lastFailure()}. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        ClassLoader caller = enter();
        try {
            db.cleanup();
        } catch (Exception | LinkageError e) {
            tally.accept(CLEANUP_FAILURES);
            lastFailure = db.getClass().getName() + ".cleanup() failed: " + describe(e);
        } finally {
            Thread.currentThread().setContextClassLoader(caller);
        }
    }

    private Status transaction(java.lang.invoke.MethodHandle method, Status failed) {
        ClassLoader caller = enter();
        try {
            Object returned = (Object) method.invokeExact(db);
            Status status = returned == null ? Status.OK // void
                    : returned instanceof site.ycsb.Status s ? outcome(s)
                    : returned instanceof Integer code ? (code == 0 ? Status.OK : Status.ERROR)
                    : returned instanceof Boolean ok ? (ok ? Status.OK : Status.ERROR)
                    : Status.OK;
            return status == Status.ERROR ? failed : status;
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            return thrown(e, failed);
        } finally {
            Thread.currentThread().setContextClassLoader(caller);
        }
    }

    private Status outcome(site.ycsb.Status status) {
        Status mapped = Outcomes.of(status, tally);
        if (mapped != Status.OK && mapped != Status.NOT_FOUND) {
            lastFailure = status == null ? "the binding returned no status"
                    : status.getName() + ": " + status.getDescription();
        }
        return mapped;
    }

    private Status thrown(Throwable e, Status status) {
        threw = true;
        tally.accept(EXCEPTIONS);
        lastFailure = describe(e);
        return status;
    }

    /**
     * {@code SomeException: message}, with the cause's message when it adds one (not for a
     * NoClassDefFoundError, whose cause only repeats the class name).
     */
    static String describe(Throwable e) {
        String text = e.getClass().getName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        Throwable cause = e.getCause();
        if (cause != null && cause != e && cause.getMessage() != null && !(e instanceof LinkageError)
                && (e.getMessage() == null || !e.getMessage().contains(cause.getMessage()))) {
            text += " (" + cause.getClass().getSimpleName() + ": " + cause.getMessage() + ")";
        }
        return text;
    }

    @Override
    public String toString() {
        return "YCSB session on " + db.getClass().getName();
    }
}
