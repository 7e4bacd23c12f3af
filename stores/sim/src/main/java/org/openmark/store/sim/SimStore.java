package org.openmark.store.sim;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.Imageable;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;
import org.openmark.api.WarsTracing;
import org.openmark.store.sim.engine.AtomicFiles;
import org.openmark.store.sim.engine.GroundTruth;
import org.openmark.store.sim.engine.SerializedEngine;
import org.openmark.store.sim.engine.SimEngine;
import org.openmark.store.sim.engine.WarsSampleSet;
import org.openmark.store.sim.model.SimConfig;

/**
 * The simulated replicated store, in-process: all sessions share one engine whose time is the
 * given clock; each call returns after the simulated wait (waited through the clock). Knows
 * its ground truth exactly, its WARS delays too ({@link SimWarsTracer}).
 */
public final class SimStore implements Store, Imageable, WarsTracing {
    private final SerializedEngine engine;
    private final SimWarsTracer tracer;
    private final java.util.List<SimImage> images = new java.util.ArrayList<>();
    private final Clock clock;
    private final Path truthFile;
    private final Path warsDir;
    private final AtomicBoolean closed = new AtomicBoolean();

    private SimStore(SimConfig config, Clock clock, Path truthFile, Path warsDir) {
        this.engine = new SerializedEngine(new SimEngine(config), clock);
        this.tracer = new SimWarsTracer(engine, clock, config);
        this.clock = clock;
        this.truthFile = truthFile;
        this.warsDir = warsDir;
    }

    /** A store whose time starts now by {@code clock}. */
    public static SimStore open(SimConfig config, Clock clock) {
        return new SimStore(config, clock, null, null);
    }

    /**
     * A store that writes its ground truth JSON to {@code truthFile} and its W/A/R/S samples to
     * {@code warsDir} when it closes (either may be {@code null}).
     */
    public static SimStore open(SimConfig config, Clock clock, Path truthFile, Path warsDir) {
        return new SimStore(config, clock, truthFile, warsDir);
    }

    @Override
    public boolean isEmbedded() {
        return true;
    }

    /** True unless every request of its configuration is answered at once ({@link SimConfig#callsTakeTime}). */
    @Override
    public boolean callsTakeTime() {
        return config().callsTakeTime();
    }

    @Override
    public Session newSession() {
        return new LocalSimSession(engine, clock);
    }

    /** The engine's seed: every random draw of the store (latencies, replication delays) follows from it. */
    @Override
    public java.util.Map<String, String> facts() {
        return java.util.Map.of("seed", Long.toString(config().seed()), "model", config().describe());
    }

    @Override
    public boolean isKnownEmpty(String table) {
        return engine.inspect(e -> e.isEmpty(table));
    }

    @Override
    public boolean tracesDelays() {
        return tracer.tracesDelays();
    }

    @Override
    public Quorums quorums() {
        return tracer.quorums();
    }

    @Override
    public Traced traceWriteAndRead(String table, String key, java.util.Map<String, byte[]> values) {
        return tracer.trace(table, key, values);
    }

    @Override
    public WarsSample delays(Traced traced) {
        return tracer.delays(traced);
    }

    /** What really happened so far. */
    public GroundTruth groundTruth() {
        return engine.inspect(SimEngine::groundTruth);
    }

    /** The W/A/R/S samples kept so far. */
    public WarsSampleSet warsSamples() {
        return engine.inspect(SimEngine::warsSamples);
    }

    /** Writes w.txt, a.txt, r.txt, s.txt (one millisecond value per line) into {@code dir}. */
    public void exportWarsSamples(Path dir) {
        warsSamples().export(dir);
    }

    /** The configuration the store runs. */
    public SimConfig config() {
        return engine.inspect(SimEngine::config);
    }

    /** Writes the configured result files (once). */
    /** Saves the content of every table (not the throughput limiter's backlog or the ground truth). */
    @Override
    public StoreImage saveImage() {
        SimImage image = new SimImage(engine.inspect(SimEngine::copyTables));
        synchronized (images) {
            images.add(image);
        }
        return image;
    }

    @Override
    public void restoreImage(StoreImage image) {
        if (!(image instanceof SimImage sim)) {
            throw new IllegalArgumentException("the simulated store cannot restore " + image.describe());
        }
        var tables = sim.tables();
        engine.inspect(e -> {
            e.replaceTables(tables);
            return null;
        });
    }

    @Override
    public void close() {
        synchronized (images) {
            images.forEach(SimImage::close);
            images.clear();
        }
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (truthFile != null) {
            AtomicFiles.writeString(truthFile, groundTruth().toJson());
        }
        if (warsDir != null) {
            exportWarsSamples(warsDir);
        }
    }
}
