package org.openmark.store.redis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.openmark.api.PipelinedSession.Completion;
import org.openmark.api.Record;
import org.openmark.api.Status;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.util.RedisOutputStream;

/**
 * The pipelined session's calls ({@link RedisPipe.Call}): the same commands as the blocking
 * session's ({@link RedisReads}, {@link RedisWrite}), written straight into the connection, and
 * the same statuses made of their replies. The one difference on the wire: an update outside a
 * unit of work is its script alone, where the blocking session wraps it in MULTI/EXEC; a script
 * runs atomically either way.
 */
final class RedisCalls {

    private RedisCalls() {
    }

    /** ERROR for an error reply (noted), else {@code null}. */
    private static Status error(Object reply, Consumer<String> failures) {
        if (reply instanceof JedisDataException e) {
            failures.accept(e.getMessage());
            return Status.ERROR;
        }
        return null;
    }

    /** A call that ends by telling one completion its status; a broken connection's reason is noted. */
    abstract static class Told extends RedisPipe.Call {
        final Completion done;
        final Consumer<String> failures;

        Told(int replies, Completion done, Consumer<String> failures) {
            super(replies);
            this.done = done;
            this.failures = failures;
        }

        @Override
        final void fail(Status status, String why) {
            failures.accept(why);
            done.completed(status);
        }
    }

    /** HGETALL (all fields), HMGET (some) or EXISTS (none), as {@link RedisReads#read}. */
    static final class Read extends Told {
        private final RedisLayout layout;
        private final byte[] record;
        private final List<String> names;
        private final Map<String, byte[]> result;
        private Object reply;

        /** @param names the fields to read, or {@code null} for all */
        Read(RedisLayout layout, byte[] record, List<String> names, Map<String, byte[]> result, Completion done,
                Consumer<String> failures) {
            super(1, done, failures);
            this.layout = layout;
            this.record = record;
            this.names = names;
            this.result = result;
        }

        @Override
        void write(RedisOutputStream out) throws IOException {
            writeRead(out, record, names);
        }

        @Override
        void take(Object reply) {
            this.reply = reply;
        }

        @Override
        void end() {
            Status status = error(reply, failures);
            if (status == null) {
                try {
                    status = found(layout, names, reply, result) ? Status.OK : Status.NOT_FOUND;
                } catch (ClassCastException e) {
                    failures.accept("redis answered a read with " + reply);
                    status = Status.ERROR;
                }
            }
            done.completed(status);
        }
    }

    /** HGETALL (all fields: {@code names} null), EXISTS (none) or HMGET (some). */
    static void writeRead(RedisOutputStream out, byte[] record, List<String> names) throws IOException {
        if (names == null) {
            RedisCommands.command(out, RedisCommands.HGETALL, 1);
            RedisCommands.bulk(out, record);
        } else if (names.isEmpty()) {
            RedisCommands.command(out, RedisCommands.EXISTS, 1);
            RedisCommands.bulk(out, record);
        } else {
            RedisCommands.command(out, RedisCommands.HMGET, 1 + names.size());
            RedisCommands.bulk(out, record);
            for (String name : names) {
                RedisCommands.bulk(out, RedisLayout.bytes(name));
            }
        }
    }

    /** Puts a read's reply into {@code result}; false when the record has none of the fields (or is missing). */
    @SuppressWarnings("unchecked")
    static boolean found(RedisLayout layout, List<String> names, Object reply, Map<String, byte[]> result) {
        if (names == null) {
            List<Object> flat = (List<Object>) reply; // field, value, field, value, ...
            for (int i = 0; i + 1 < flat.size(); i += 2) {
                result.put(RedisLayout.text((byte[]) flat.get(i)), layout.decode((byte[]) flat.get(i + 1)));
            }
            return !flat.isEmpty();
        }
        if (names.isEmpty()) {
            return (Long) reply > 0;
        }
        List<Object> values = (List<Object>) reply;
        boolean any = false;
        for (int i = 0; i < names.size(); i++) {
            if (values.get(i) instanceof byte[] value) {
                result.put(names.get(i), layout.decode(value));
                any = true;
            }
        }
        return any;
    }

    /**
     * An insert (MULTI, HSET, ZADD, EXEC), update (the script) or delete (MULTI, DEL, ZREM, EXEC), as
     * {@link RedisWrite} makes them, and WAIT for replicas after it when configured.
     */
    static final class Write extends Told {
        enum Kind { INSERT, UPDATE, DELETE }

        private final Kind kind;
        private final RedisLayout layout;
        private final String table;
        private final String key;
        private final Map<String, byte[]> values;
        private final int waitReplicas;
        private final int waitTimeoutMs;
        private int taken;
        private Status status = Status.OK;

        Write(Kind kind, RedisLayout layout, String table, String key, Map<String, byte[]> values, RedisConfig config,
                Completion done, Consumer<String> failures) {
            super((kind == Kind.UPDATE ? 1 : 4) + (config.waitReplicas() > 0 ? 1 : 0), done, failures);
            this.kind = kind;
            this.layout = layout;
            this.table = table;
            this.key = key;
            this.values = values;
            this.waitReplicas = config.waitReplicas();
            this.waitTimeoutMs = config.waitTimeoutMs();
        }

        @Override
        void write(RedisOutputStream out) throws IOException {
            byte[] record = layout.record(table, key);
            switch (kind) {
                case INSERT -> {
                    RedisCommands.command(out, RedisCommands.MULTI, 0);
                    RedisCommands.command(out, RedisCommands.HSET, 1 + 2 * values.size());
                    RedisCommands.bulk(out, record);
                    fields(out);
                    RedisCommands.command(out, RedisCommands.ZADD, 3);
                    RedisCommands.bulk(out, layout.index(table));
                    RedisCommands.score(out, layout.score(key));
                    RedisCommands.bulk(out, RedisLayout.member(key));
                    RedisCommands.command(out, RedisCommands.EXEC, 0);
                }
                case UPDATE -> {
                    RedisCommands.command(out, RedisCommands.EVAL, 3 + 2 * values.size());
                    RedisCommands.bulk(out, RedisWrite.UPDATE_EXISTING);
                    RedisCommands.bulk(out, RedisCommands.ONE);
                    RedisCommands.bulk(out, record);
                    fields(out);
                }
                case DELETE -> {
                    RedisCommands.command(out, RedisCommands.MULTI, 0);
                    RedisCommands.command(out, RedisCommands.DEL, 1);
                    RedisCommands.bulk(out, record);
                    RedisCommands.command(out, RedisCommands.ZREM, 2);
                    RedisCommands.bulk(out, layout.index(table));
                    RedisCommands.bulk(out, RedisLayout.member(key));
                    RedisCommands.command(out, RedisCommands.EXEC, 0);
                }
            }
            if (waitReplicas > 0) {
                RedisCommands.command(out, RedisCommands.WAIT, 2);
                RedisCommands.number(out, waitReplicas);
                RedisCommands.number(out, waitTimeoutMs);
            }
        }

        private void fields(RedisOutputStream out) throws IOException {
            for (Map.Entry<String, byte[]> field : values.entrySet()) {
                RedisCommands.bulk(out, RedisLayout.bytes(field.getKey()));
                RedisCommands.bulk(out, layout.encode(field.getValue()));
            }
        }

        @Override
        void take(Object reply) {
            int index = taken++;
            if (status != Status.OK) {
                return; // the first failure decides; later replies (a WAIT) change nothing
            }
            Status error = error(reply, failures);
            if (error != null) {
                status = error;
                return;
            }
            int last = kind == Kind.UPDATE ? 0 : 3;
            if (index == last) {
                status = written(reply);
            } else if (index > last && reply instanceof Long acknowledged && acknowledged < waitReplicas) {
                status = Status.TIMEOUT; // WAIT: fewer replicas had it in time (it did apply on the primary)
            }
        }

        /** The status the write's own reply gives: the script's, or EXEC's array. */
        private Status written(Object reply) {
            if (kind == Kind.UPDATE) {
                return reply instanceof Long n && n == 0 ? Status.NOT_FOUND : Status.OK;
            }
            if (!(reply instanceof List<?> results)) {
                return Status.ABORTED; // a null EXEC: never outside a unit of work (nothing is watched)
            }
            for (Object result : results) {
                Status error = error(result, failures);
                if (error != null) {
                    return error;
                }
            }
            return kind == Kind.DELETE && results.get(0) instanceof Long n && n == 0 ? Status.NOT_FOUND : Status.OK;
        }

        @Override
        void end() {
            done.completed(status);
        }
    }

    /**
     * A scan's first step, the layout's range query on the index; its second, the records' fields
     * in one pipelined round trip ({@link Fetch}), is sent by {@code next} (not on the reader's
     * thread, which must never wait to write). As {@link RedisReads#scan}.
     */
    static final class Scan extends Told {
        private final RedisLayout layout;
        private final String table;
        private final String startKey;
        private final int count;
        private final List<String> names;
        private final List<Record> result;
        private final Consumer<Fetch> next;
        private Object reply;

        Scan(RedisLayout layout, String table, String startKey, int count, List<String> names, List<Record> result,
                Completion done, Consumer<String> failures, Consumer<Fetch> next) {
            super(1, done, failures);
            this.layout = layout;
            this.table = table;
            this.startKey = startKey;
            this.count = count;
            this.names = names;
            this.result = result;
            this.next = next;
        }

        @Override
        void write(RedisOutputStream out) throws IOException {
            layout.writeScanQuery(out, table, startKey, count);
        }

        @Override
        void take(Object reply) {
            this.reply = reply;
        }

        @Override
        void end() {
            Status error = error(reply, failures);
            if (error != null) {
                done.completed(error);
                return;
            }
            List<String> keys = new ArrayList<>();
            for (Object member : (List<?>) reply) {
                keys.add(RedisLayout.text((byte[]) member));
            }
            if (keys.isEmpty() || (names != null && names.isEmpty())) {
                for (String key : keys) {
                    result.add(new Record(key, new HashMap<>())); // no field asked for: nothing to fetch
                }
                done.completed(Status.OK);
                return;
            }
            next.accept(new Fetch(layout, table, keys, names, result, done, failures));
        }
    }

    /** A scan's second step: HGETALL or HMGET of each key found, skipping a key whose record is gone. */
    static final class Fetch extends Told {
        private final RedisLayout layout;
        private final String table;
        private final List<String> keys;
        private final List<String> names;
        private final List<Record> result;
        private int taken;
        private Status status = Status.OK;

        Fetch(RedisLayout layout, String table, List<String> keys, List<String> names, List<Record> result,
                Completion done, Consumer<String> failures) {
            super(keys.size(), done, failures);
            this.layout = layout;
            this.table = table;
            this.keys = keys;
            this.names = names;
            this.result = result;
        }

        @Override
        void write(RedisOutputStream out) throws IOException {
            for (String key : keys) {
                writeRead(out, layout.record(table, key), names);
            }
        }

        @Override
        void take(Object reply) {
            String key = keys.get(taken++);
            if (status != Status.OK) {
                return;
            }
            Status error = error(reply, failures);
            if (error != null) {
                status = error;
                return;
            }
            Map<String, byte[]> fields = new HashMap<>();
            // a key whose hash is gone was deleted (since the index read, or by YCSB's binding, whose
            // delete leaves the key in _indices): skipped, as the blocking scan skips it
            if (found(layout, names, reply, fields)) {
                result.add(new Record(key, fields));
            }
        }

        @Override
        void end() {
            done.completed(status);
        }
    }
}
