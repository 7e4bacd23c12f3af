import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Store;
import org.openmark.api.StoreProperties;
import org.openmark.store.redis.RedisStoreFactory;

/**
 * bin/bench clients redis-drivers: the redis store's pipelined session (Jedis's RESP encoding on a
 * connection per session, replies read by a thread of the connection) beside the same calls made
 * through Lettuce's asynchronous API, each alone in a JVM, at a fixed rate. One thread issues
 * workload A's reads (HGETALL, the fields put into a map of strings to bytes) and updates (the
 * store's update script, one field of 100 bytes) at constant intervals, in batches of those due
 * when it wakes, and flushes after each batch; the replies are counted on the client's own
 * threads. Prints the achieved rate, the process's CPU per operation over the measured window
 * (OperatingSystemMXBean: user + system of every thread), and the p50 and p99 from the intended
 * start.
 *
 * <p>Run: java -cp OPENMARK_JAR:LETTUCE_CLASSPATH RedisClientsCompare.java openmark|lettuce HOST
 * PORT RECORDS RATE WARM_S SECS. Not part of openmark's build: bin/bench fetches Lettuce at
 * benchmark time.
 */
public final class RedisClientsCompare {
    private static final String SCRIPT = """
            if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
            redis.call('HSET', KEYS[1], unpack(ARGV))
            return 1""";

    /** Issues one operation; {@code done} is called once on the client's thread when it ended. */
    interface Client {
        void read(String key, Runnable done);

        void update(String key, byte[] value, Runnable done);

        void flush();

        void close();
    }

    public static void main(String[] args) throws Exception {
        String variant = args[0];
        String host = args[1];
        int port = Integer.parseInt(args[2]);
        int records = Integer.parseInt(args[3]);
        int rate = Integer.parseInt(args[4]);
        long warmNanos = Long.parseLong(args[5]) * 1_000_000_000L;
        long measureNanos = Long.parseLong(args[6]) * 1_000_000_000L;
        Client client = variant.equals("lettuce") ? lettuce(host, port) : openmark(host, port);
        byte[] value = new byte[100];
        Arrays.fill(value, (byte) 'x');
        long total = (warmNanos + measureNanos) / 1_000_000_000L * rate + rate;
        long[] latency = new long[(int) (measureNanos / 1_000_000_000L * rate + rate)];
        AtomicLong ended = new AtomicLong();
        AtomicLong measuredEnded = new AtomicLong();
        SplittableRandom random = new SplittableRandom(1);
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long periodNanos = 1_000_000_000L / rate;
        long start = System.nanoTime();
        long windowStart = start + warmNanos;
        long windowEnd = windowStart + measureNanos;
        long cpuAtStart = -1;
        long issuedInWindow = 0;
        long i = 0;
        while (true) {
            long now = System.nanoTime();
            if (cpuAtStart < 0 && now >= windowStart) {
                cpuAtStart = os.getProcessCpuTime();
            }
            if (now >= windowEnd) {
                break;
            }
            long due = start + i * periodNanos;
            if (due > now) {
                LockSupport.parkNanos(due - now);
                continue;
            }
            // every operation due by now, then one flush
            for (; start + i * periodNanos <= now; i++) {
                long intended = start + i * periodNanos;
                boolean measured = intended >= windowStart;
                int slot = measured ? (int) issuedInWindow++ : -1;
                Runnable done = () -> {
                    ended.incrementAndGet();
                    if (slot >= 0 && slot < latency.length) {
                        latency[slot] = System.nanoTime() - intended;
                        measuredEnded.incrementAndGet();
                    }
                };
                String key = key(random.nextInt(records));
                if (random.nextBoolean()) {
                    client.read(key, done);
                } else {
                    client.update(key, value, done);
                }
            }
            client.flush();
        }
        long cpuNanos = os.getProcessCpuTime() - cpuAtStart;
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (ended.get() < i && System.nanoTime() < deadline) {
            LockSupport.parkNanos(1_000_000);
        }
        int n = (int) Math.min(measuredEnded.get(), latency.length);
        long[] sorted = Arrays.copyOf(latency, (int) Math.min(issuedInWindow, latency.length));
        Arrays.sort(sorted);
        System.out.printf("%s rate %d: achieved %.0f/s, CPU %.2f us/op, p50 %d us, p99 %d us, ended %d of %d, threads %d%n",
                variant, rate, issuedInWindow / (measureNanos / 1e9), cpuNanos / 1e3 / Math.max(1, issuedInWindow),
                sorted.length == 0 ? -1 : sorted[sorted.length / 2] / 1000,
                sorted.length == 0 ? -1 : sorted[(int) (sorted.length * 0.99)] / 1000, n, issuedInWindow,
                Thread.activeCount());
        client.close();
        System.exit(0);
    }

    /** YCSB's key of record {@code k} with zeropadding=12 (redis-benchmark's __rand_int__ too). */
    static String key(int k) {
        String digits = Integer.toString(k);
        return "user" + "000000000000".substring(Math.min(12, digits.length())) + digits;
    }

    /** The redis store's pipelined session, as the open model uses it. */
    static Client openmark(String host, int port) {
        Store store = new RedisStoreFactory().open(StoreProperties.of(Map.of("redis.host", host, "redis.port",
                Integer.toString(port), "fieldcount", "10")));
        PipelinedSession session = (PipelinedSession) store.newSession();
        return new Client() {
            @Override
            public void read(String key, Runnable done) {
                session.startRead("usertable", key, null, new HashMap<>(), status -> done.run());
            }

            @Override
            public void update(String key, byte[] value, Runnable done) {
                session.startUpdate("usertable", key, Map.of("field3", value), status -> done.run());
            }

            @Override
            public void flush() {
                session.flush();
            }

            @Override
            public void close() {
                session.close();
                store.close();
            }
        };
    }

    /** Lettuce's asynchronous API on one connection, flushed by hand as the session is. */
    static Client lettuce(String host, int port) {
        ClientResources resources = DefaultClientResources.create();
        RedisClient redis = RedisClient.create(resources, RedisURI.create(host, port));
        StatefulRedisConnection<byte[], byte[]> connection = redis.connect(ByteArrayCodec.INSTANCE);
        connection.setAutoFlushCommands(false);
        RedisAsyncCommands<byte[], byte[]> async = connection.async();
        byte[] field = "field3".getBytes(StandardCharsets.UTF_8);
        return new Client() {
            @Override
            public void read(String key, Runnable done) {
                async.hgetall(key.getBytes(StandardCharsets.UTF_8)).thenAccept(hash -> {
                    // the same work the session does with a reply: the fields as a map of names to bytes
                    Map<String, byte[]> fields = new HashMap<>();
                    hash.forEach((name, v) -> fields.put(new String(name, StandardCharsets.UTF_8), v));
                    done.run();
                });
            }

            @Override
            public void update(String key, byte[] value, Runnable done) {
                byte[][] keys = {key.getBytes(StandardCharsets.UTF_8)};
                async.<Long>eval(SCRIPT, ScriptOutputType.INTEGER, keys, field, value).thenAccept(n -> done.run());
            }

            @Override
            public void flush() {
                connection.flushCommands();
            }

            @Override
            public void close() {
                connection.close();
                redis.shutdown();
                resources.shutdown();
            }
        };
    }
}
