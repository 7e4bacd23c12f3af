package org.openmark.store.redis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Record;
import org.openmark.api.Status;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A redis session that starts single calls on a pipelined connection ({@link RedisPipe},
 * {@code redis.pipelined=true}, the default): the open model and the closed model keep many calls
 * in flight on it without a thread waiting for each, and their replies are told on the
 * connection's reader thread. The calls are the blocking session's commands with its statuses
 * ({@link RedisCalls}). Blocking calls (composite operations, units of work, the load phase) go to
 * a {@link RedisSession} and its own connection, opened on its first call; a started call made
 * while a unit of work is open runs there too, so WATCH keeps its meaning.
 */
final class PipelinedRedisSession implements PipelinedSession {
    private final RedisConfig config;
    private final RedisLayout layout;
    private final JedisClientConfig clientConfig;
    private final LongSupplier nanos;
    private final RedisSession blocking;
    private final Consumer<PipelinedRedisSession> onClose;
    private final Consumer<String> failures = why -> lastFailure = why;
    private RedisPipe primary;
    private RedisPipe replica;
    private boolean primaryUnflushed;
    private boolean replicaUnflushed;
    /** Set on the reader's thread as well as the session's. */
    private volatile String lastFailure;

    PipelinedRedisSession(RedisConfig config, JedisClientConfig clientConfig, LongSupplier nanos,
            RedisSession blocking, Consumer<PipelinedRedisSession> onClose) {
        this.config = config;
        this.layout = RedisLayout.of(config);
        this.clientConfig = clientConfig;
        this.nanos = nanos;
        this.blocking = blocking;
        this.onClose = onClose;
    }

    @Override
    public void startRead(String table, String key, Set<String> fields, Map<String, byte[]> result, Completion done) {
        if (!layout.isValidTable(table) || !layout.isValidKey(key) || blocking.inUnit()) {
            done.completed(read(table, key, fields, result));
            return;
        }
        List<String> names = fields == null ? null : new ArrayList<>(fields);
        send(readsFromReplica(), new RedisCalls.Read(layout, layout.record(table, key), names, result, done,
                failures), done);
    }

    @Override
    public void startScan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result,
            Completion done) {
        if (!layout.isValidTable(table) || startKey == null || recordCount <= 0 || blocking.inUnit()) {
            done.completed(scan(table, startKey, recordCount, fields, result));
            return;
        }
        boolean toReplica = readsFromReplica();
        RedisPipe pipe = pipeOrTell(toReplica, done);
        if (pipe != null) {
            List<String> names = fields == null ? null : new ArrayList<>(fields);
            send(toReplica, pipe, new RedisCalls.Scan(layout, table, startKey, recordCount, names, result, done,
                    failures, fetch -> sendFetch(pipe, fetch)), done);
        }
    }

    @Override
    public void startUpdate(String table, String key, Map<String, byte[]> values, Completion done) {
        startWrite(RedisCalls.Write.Kind.UPDATE, table, key, values, done);
    }

    @Override
    public void startInsert(String table, String key, Map<String, byte[]> values, Completion done) {
        startWrite(RedisCalls.Write.Kind.INSERT, table, key, values, done);
    }

    @Override
    public void startDelete(String table, String key, Completion done) {
        if (!layout.isValidTable(table) || !layout.isValidKey(key) || blocking.inUnit()) {
            done.completed(delete(table, key));
            return;
        }
        send(false, new RedisCalls.Write(RedisCalls.Write.Kind.DELETE, layout, table, key, Map.of(), config, done,
                failures), done);
    }

    private void startWrite(RedisCalls.Write.Kind kind, String table, String key, Map<String, byte[]> values,
            Completion done) {
        if (!RedisSession.isValidWrite(layout, table, key, values) || blocking.inUnit()) {
            done.completed(kind == RedisCalls.Write.Kind.INSERT ? insert(table, key, values)
                    : update(table, key, values));
            return;
        }
        send(false, new RedisCalls.Write(kind, layout, table, key, values, config, done, failures), done);
    }

    @Override
    public void flush() {
        if (primaryUnflushed) {
            primaryUnflushed = false;
            primary.flush();
        }
        if (replicaUnflushed) {
            replicaUnflushed = false;
            replica.flush();
        }
    }

    private boolean readsFromReplica() {
        return config.readFrom() == RedisConfig.ReadFrom.REPLICA;
    }

    /** Queues the call on the primary's or the replica's connection, connecting first if needed. */
    private void send(boolean toReplica, RedisPipe.Call call, Completion done) {
        RedisPipe pipe = pipeOrTell(toReplica, done);
        if (pipe != null) {
            send(toReplica, pipe, call, done);
        }
    }

    private void send(boolean toReplica, RedisPipe pipe, RedisPipe.Call call, Completion done) {
        if (!pipe.send(call)) {
            // it broke since it was checked; the next call connects again
            lastFailure = "the connection to redis broke";
            done.completed(Status.SERVICE_UNAVAILABLE);
            return;
        }
        if (toReplica) {
            replicaUnflushed = true;
        } else {
            primaryUnflushed = true;
        }
    }

    /** The connection, or null when it cannot be opened: then {@code done} was told why. */
    private RedisPipe pipeOrTell(boolean toReplica, Completion done) {
        try {
            return pipe(toReplica);
        } catch (JedisException e) {
            lastFailure = e.getMessage() + (e.getCause() != null && e.getCause().getMessage() != null
                    ? " (" + e.getCause().getMessage() + ")" : "");
            done.completed(RedisErrors.statusOf(e));
            return null;
        }
    }

    /** An open connection: the one the session has, or a new one when it has none or it broke. */
    private RedisPipe pipe(boolean toReplica) {
        RedisPipe pipe = toReplica ? replica : primary;
        if (pipe == null || pipe.isBroken()) {
            if (pipe != null) {
                pipe.close();
            }
            pipe = toReplica ? RedisPipe.open(new HostAndPort(config.replicaHost(), config.replicaPort()),
                    clientConfig, nanos) : RedisPipe.open(new HostAndPort(config.host(), config.port()), clientConfig,
                    nanos);
            if (toReplica) {
                replica = pipe;
            } else {
                primary = pipe;
            }
        }
        return pipe;
    }

    /**
     * Sends a scan's second step on a thread of its own: the reader that found the keys must not
     * write (a reader blocked on a full socket would stop reading the replies that free it).
     */
    private static void sendFetch(RedisPipe pipe, RedisCalls.Fetch fetch) {
        Thread.startVirtualThread(() -> {
            if (pipe.send(fetch)) {
                pipe.flush();
            } else {
                fetch.fail(Status.SERVICE_UNAVAILABLE, "the connection to redis broke");
            }
        });
    }

    /**
     * Opens the pipelined connection (to the replica as well when reads go there) with a read of
     * the absent ping key through it, so the connection a run uses is open before anything is
     * measured; NOT_FOUND means the store answered.
     */
    @Override
    public Status ping(String table) {
        CompletableFuture<Status> told = new CompletableFuture<>();
        startRead(table, PING_KEY, null, new HashMap<>(), told::complete);
        flush();
        try {
            return told.get(2L * config.timeoutMs(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            lastFailure = "no reply to the ping within " + 2L * config.timeoutMs() + " ms";
            return Status.TIMEOUT;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.ERROR;
        }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        return noted(blocking.read(table, key, fields, result));
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        return noted(blocking.scan(table, startKey, recordCount, fields, result));
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        return noted(blocking.update(table, key, values));
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        return noted(blocking.insert(table, key, values));
    }

    @Override
    public Status delete(String table, String key) {
        return noted(blocking.delete(table, key));
    }

    @Override
    public Status start() {
        return noted(blocking.start());
    }

    @Override
    public Status commit() {
        return noted(blocking.commit());
    }

    @Override
    public Status abort() {
        return noted(blocking.abort());
    }

    /** A blocking call's status; its failure becomes the session's last. */
    private Status noted(Status status) {
        if (status != Status.OK && status != Status.NOT_FOUND && blocking.lastFailure() != null) {
            lastFailure = blocking.lastFailure();
        }
        return status;
    }

    @Override
    public String lastFailure() {
        return lastFailure;
    }

    /** Closes both connections; calls still in flight are told SERVICE_UNAVAILABLE. */
    @Override
    public void close() {
        if (primary != null) {
            primary.close();
        }
        if (replica != null) {
            replica.close();
        }
        blocking.close();
        onClose.accept(this);
    }

    @Override
    public String toString() {
        return "PipelinedRedisSession[" + config + "]";
    }
}
