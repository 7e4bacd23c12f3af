package org.openmark.store.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * One client of the redis store. Implementation notes:
 * <ul>
 * <li>Every write is one MULTI/EXEC (hash and index change together, one round trip); an update
 * is a script that sets the fields only when the record exists, so it never creates one.</li>
 * <li>With {@code redis.txn=watch}, {@link #start()} opens a unit of work: reads WATCH the
 * keys they read, writes are buffered (and return OK), {@link #commit()} sends them in one
 * MULTI/EXEC, and a null EXEC reply (a watched key changed) is ABORTED. Reads inside a unit
 * see the store, not the unit's own buffered writes.</li>
 * <li>A lost connection inside a unit dooms it: WATCHes die with the connection, so the
 * unit's later calls and its commit return ABORTED rather than commit unprotected.</li>
 * </ul>
 */
final class RedisSession implements Session {
    private final RedisConfig config;
    private final RedisLayout layout;
    private final RedisConnections connections;
    private final Consumer<RedisSession> onClose;
    /** The open unit of work in watch mode, or {@code null}. */
    private Unit unit;

    /** Buffered writes and state of one unit of work. */
    private static final class Unit {
        final List<RedisWrite> writes = new ArrayList<>();
        boolean watching;
        boolean doomed;
    }

    RedisSession(RedisConfig config, RedisConnections connections, Consumer<RedisSession> onClose) {
        this.config = config;
        this.layout = RedisLayout.of(config);
        this.connections = connections;
        this.onClose = onClose;
    }

    /** The last failure's message (Jedis's, with its cause). */
    private String lastFailure;

    @Override
    public String lastFailure() {
        return lastFailure;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        if (!layout.isValidTable(table) || !layout.isValidKey(key)) {
            return Status.BAD_REQUEST;
        }
        if (unit != null && unit.doomed) {
            return Status.ABORTED;
        }
        try {
            if (unit != null) {
                unit.watching = true;
                return RedisReads.read(connections.primary(), layout, table, key, fields, true, result);
            }
            return RedisReads.read(connections.reader(), layout, table, key, fields, false, result);
        } catch (JedisException e) {
            return failed(e);
        }
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        if (!layout.isValidTable(table) || startKey == null || recordCount < 0) {
            return Status.BAD_REQUEST;
        }
        if (unit != null && unit.doomed) {
            return Status.ABORTED;
        }
        if (recordCount == 0) {
            return Status.OK;
        }
        try {
            if (unit != null) {
                unit.watching = true;
                return RedisReads.scan(connections.primary(), layout, table, startKey, recordCount, fields, true,
                        result);
            }
            return RedisReads.scan(connections.reader(), layout, table, startKey, recordCount, fields, false, result);
        } catch (JedisException e) {
            return failed(e);
        }
    }

    /** Sets the given fields of an existing record; NOT_FOUND (and nothing written) when it is missing. */
    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        return isValidWrite(layout, table, key, values) ? write(RedisWrite.update(layout, table, key, values))
                : Status.BAD_REQUEST;
    }

    /** Sets the given fields (an existing record keeps its others, as HSET does) and indexes the key. */
    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        return isValidWrite(layout, table, key, values) ? write(RedisWrite.insert(layout, table, key, values))
                : Status.BAD_REQUEST;
    }

    @Override
    public Status delete(String table, String key) {
        return layout.isValidTable(table) && layout.isValidKey(key) ? write(RedisWrite.delete(layout, table, key))
                : Status.BAD_REQUEST;
    }

    @Override
    public Status start() {
        if (config.txnMode() == RedisConfig.TxnMode.NONE) {
            return Status.OK;
        }
        if (unit != null) {
            return Status.UNEXPECTED_STATE;
        }
        unit = new Unit();
        return Status.OK;
    }

    @Override
    public Status commit() {
        Unit ending = unit;
        unit = null;
        if (ending == null) {
            return Status.OK;
        }
        if (ending.doomed) {
            unwatch(ending);
            return Status.ABORTED;
        }
        if (ending.writes.isEmpty() && !ending.watching) {
            return Status.OK;
        }
        // an empty MULTI/EXEC still fails when a watched key changed: read-only units are checked too
        return apply(ending.writes, false);
    }

    @Override
    public Status abort() {
        Unit ending = unit;
        unit = null;
        if (ending != null) {
            unwatch(ending);
        }
        return Status.OK;
    }

    @Override
    public void close() {
        abort();
        connections.close();
        onClose.accept(this);
    }

    private Status write(RedisWrite write) {
        if (unit != null) {
            if (unit.doomed) {
                return Status.ABORTED;
            }
            unit.writes.add(write);
            return Status.OK;
        }
        return apply(List.of(write), true);
    }

    /**
     * Runs the writes in one MULTI/EXEC, then WAITs for replicas when configured.
     *
     * @param single one write outside a unit, which is NOT_FOUND when it found no record; a unit's
     *     commit is OK although one of its updates or deletes found nothing, as in SQL
     */
    private Status apply(List<RedisWrite> writes, boolean single) {
        try {
            Jedis primary = connections.primary();
            Transaction transaction = primary.multi();
            List<Response<?>> found = new ArrayList<>();
            for (RedisWrite write : writes) {
                found.add(write.queue(transaction));
            }
            List<Object> replies = transaction.exec();
            if (replies == null) {
                return Status.ABORTED;
            }
            for (Object reply : replies) {
                if (reply instanceof JedisDataException) {
                    return Status.ERROR;
                }
            }
            Status status = Status.OK;
            if (single && found.get(0) != null && found.get(0).get() instanceof Long n && n == 0) {
                status = Status.NOT_FOUND;
            }
            return status.isOk() ? awaitReplicas(primary) : status;
        } catch (JedisException e) {
            // a failure between MULTI and EXEC leaves the connection inside MULTI: drop it either way
            connections.reset();
            return failed(e);
        }
    }

    private Status awaitReplicas(Jedis primary) {
        if (config.waitReplicas() == 0) {
            return Status.OK;
        }
        long acknowledged = primary.waitReplicas(config.waitReplicas(), config.waitTimeoutMs());
        return acknowledged >= config.waitReplicas() ? Status.OK : Status.TIMEOUT;
    }

    private void unwatch(Unit ending) {
        if (ending.watching && connections.hasPrimary()) {
            try {
                connections.primary().unwatch();
            } catch (JedisException e) {
                connections.reset();
            }
        }
    }

    private Status failed(JedisException e) {
        lastFailure = e.getMessage() + (e.getCause() != null && e.getCause().getMessage() != null
                ? " (" + e.getCause().getMessage() + ")" : "");
        if (RedisErrors.breaksConnection(e)) {
            connections.reset();
            if (unit != null) {
                unit.doomed = true;
            }
        }
        return RedisErrors.statusOf(e);
    }

    /** True while a unit of work is open ({@code redis.txn=watch}). */
    boolean inUnit() {
        return unit != null;
    }

    /** True when a write names a table and key the layout allows and has at least one field, none null. */
    static boolean isValidWrite(RedisLayout layout, String table, String key, Map<String, byte[]> values) {
        if (!layout.isValidTable(table) || !layout.isValidKey(key) || values == null || values.isEmpty()) {
            return false;
        }
        for (Map.Entry<String, byte[]> entry : values.entrySet()) {
            if (entry.getKey() == null || entry.getValue() == null) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "RedisSession[" + config + "]";
    }
}
