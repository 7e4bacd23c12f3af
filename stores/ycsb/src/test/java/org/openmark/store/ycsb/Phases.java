package org.openmark.store.ycsb;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.store.noop.NoopStoreFactory;
import org.openmark.store.redis.RedisStoreFactory;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.workload.Workloads;

/**
 * Runs whole phases through openmark's harness (as {@code bin/openmark load/run} does, without the
 * command line), with the ycsb store, the native redis store and noop; keeps the last ycsb store
 * opened so a test can look into its binding after the phase.
 */
final class Phases {
    private final Capturing ycsb = new Capturing();
    private final StoreRegistry registry = StoreRegistry.of(ycsb, new RedisStoreFactory(), new NoopStoreFactory(),
            new org.openmark.store.memory.MemoryStoreFactory());
    private final ByteArrayLog log = new ByteArrayLog();

    /** A runner on this helper's stores, printing to its log. */
    Runner runner() {
        return new Runner(registry, Workloads::create, Clock.system(), Tasks.real(), new StopSignal(),
                new PrintStream(log, true));
    }

    /** Runs {@code phase} with the given properties ({@code name, value, name, value …}). */
    RunResult run(Phase phase, Map<String, String> properties) {
        Settings settings = Settings.of(properties);
        try {
            return runner().execute(RunConfigParser.parse(phase, settings, null, true));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Properties from {@code name, value} pairs. */
    static Map<String, String> props(String... pairs) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }

    /** The last ycsb store a phase opened (closed by now: its binding's classes stay readable). */
    YcsbStore lastYcsbStore() {
        return ycsb.last;
    }

    /** What the phases printed to their status stream. */
    String log() {
        return log.toString();
    }

    /** The ycsb factory, remembering each store it opens. */
    private static final class Capturing implements StoreFactory {
        private final YcsbStoreFactory real = new YcsbStoreFactory();
        private volatile YcsbStore last;

        @Override
        public String name() {
            return real.name();
        }

        @Override
        public String description() {
            return real.description();
        }

        @Override
        public Set<String> propertyNames() {
            return real.propertyNames();
        }

        @Override
        public boolean passesOnAllProperties() {
            return real.passesOnAllProperties();
        }

        @Override
        public org.openmark.api.PassedOnNames passedOnNames(StoreProperties properties) {
            return real.passedOnNames(properties);
        }

        @Override
        public Store open(StoreProperties properties) {
            last = real.open(properties);
            return last;
        }
    }

    private static final class ByteArrayLog extends OutputStream {
        private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            bytes.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
        }

        @Override
        public synchronized String toString() {
            return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
