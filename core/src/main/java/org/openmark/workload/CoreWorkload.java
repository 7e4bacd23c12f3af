package org.openmark.workload;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.openmark.api.Clock;
import org.openmark.config.Settings;
import org.openmark.workload.CoreWorkloadConfig.Proportions;
import org.openmark.workload.generator.AcknowledgedCounterGenerator;
import org.openmark.workload.generator.ConstantGenerator;
import org.openmark.workload.generator.CounterGenerator;
import org.openmark.workload.generator.DiscreteGenerator;
import org.openmark.workload.generator.ExponentialGenerator;
import org.openmark.workload.generator.HotspotGenerator;
import org.openmark.workload.generator.LongGenerator;
import org.openmark.workload.generator.ScrambledZipfianGenerator;
import org.openmark.workload.generator.SequentialGenerator;
import org.openmark.workload.generator.SkewedLatestGenerator;
import org.openmark.workload.generator.UniformLongGenerator;
import org.openmark.workload.generator.ZipfianGenerator;

/**
 * YCSB's core workload: CRUD operations and scans on one table of records with numbered keys,
 * in a configured mix and request distribution (workloads A–F are property files for it).
 *
 * <p>Shared, thread-safe state lives here: the load key sequence, the acknowledged counter of
 * run-phase inserts, the sequential cursor and the random value pool. Everything random is drawn
 * by the {@link CoreWorkloadClient}s, each from its own stream derived from the run seed.
 */
public final class CoreWorkload implements Workload {
    /** YCSB's headroom factor: zipfian key ranges are sized for twice the expected inserts. */
    private static final double EXPECTED_INSERTS_FUDGE = 2.0;

    private final CoreWorkloadConfig config;
    private final long zipfianMaxKey;
    private final FieldNames fieldNames;
    private final CounterGenerator loadKeys;
    private final AcknowledgedCounterGenerator runInsertKeys;
    private final SequentialGenerator sequentialKeys;
    private final DiscreteGenerator<OperationType> operationMix;
    private final InsertRetry insertRetry;
    private final DeterministicValues integrity;
    private final DataChecks dataChecks;
    private final MissingRecords missingRecords;
    private ValuePool valuePool;

    /**
     * A core workload.
     *
     * @param operationCount the run's operation count when known: as in YCSB, the zipfian key
     *     range then leaves room for the records inserted during the run (operationCount ×
     *     insertproportion × 2); when empty (a time-bounded run) it covers the loaded records only
     */
    public CoreWorkload(CoreWorkloadConfig config, Clock clock, OptionalLong operationCount) {
        this.config = config;
        long expectedNewKeys = (long) (operationCount.orElse(0) * config.proportions().insert()
                * EXPECTED_INSERTS_FUDGE);
        // YCSB's range ends at insertstart + insertcount + expected (one past the loaded keys
        // even without inserts); keys past the last acknowledged insert are redrawn
        long loadedEnd = config.insertStart() + config.insertCount();
        // capped so key numbers and the range size cannot overflow, however large operationcount is
        this.zipfianMaxKey = loadedEnd + Math.min(expectedNewKeys, CoreWorkloadConfig.MAX_RECORD_COUNT);
        this.fieldNames = new FieldNames(config.fieldNamePrefix(), config.fieldCount());
        this.loadKeys = new CounterGenerator(config.insertStart());
        this.runInsertKeys = new AcknowledgedCounterGenerator(config.recordCount());
        this.sequentialKeys = new SequentialGenerator(config.insertStart(),
                config.insertStart() + config.insertCount() - 1);
        this.operationMix = operationMix(config.proportions());
        this.insertRetry = new InsertRetry(config.insertionRetryLimit(),
                TimeUnit.SECONDS.toNanos(config.insertionRetryIntervalSeconds()), clock);
        this.integrity = config.dataIntegrity() ? new DeterministicValues(config.fieldLength()) : null;
        this.dataChecks = integrity == null ? null : new DataChecks(integrity);
        // a workload that deletes records may find a loaded one gone by design
        this.missingRecords = config.proportions().delete() > 0 ? null : new MissingRecords(clock);
    }

    /** A core workload configured from {@code settings}, run length unknown. */
    public static CoreWorkload fromSettings(Settings settings, Clock clock) {
        return new CoreWorkload(CoreWorkloadConfig.from(settings), clock, OptionalLong.empty());
    }

    private static DiscreteGenerator<OperationType> operationMix(Proportions p) {
        return new DiscreteGenerator<>(
                List.of(OperationType.READ, OperationType.UPDATE, OperationType.INSERT, OperationType.SCAN,
                        OperationType.READ_MODIFY_WRITE, OperationType.DELETE),
                new double[] {p.read(), p.update(), p.insert(), p.scan(), p.readModifyWrite(), p.delete()});
    }

    @Override
    public String table() {
        return config.table();
    }

    @Override
    public long loadOperationCount() {
        return config.insertCount();
    }

    @Override
    public long recordBytes() {
        return config.recordShape().recordBytes();
    }

    /** A record in its copies, or a scan's longest result and the store's copy of it when the mix scans. */
    @Override
    public long operationBytes() {
        return config.recordShape().operationBytes(1, config.proportions().scan() > 0 ? config.maxScanLength() : 0);
    }

    /** The resolved configuration. */
    public CoreWorkloadConfig config() {
        return config;
    }

    @Override
    public WorkloadClient newClient(int clientIndex, int clientCount, long seed) {
        if (clientCount < 1 || clientIndex < 0 || clientIndex >= clientCount) {
            throw new IllegalArgumentException("client " + clientIndex + " of " + clientCount
                    + ": need 0 <= clientIndex < clientCount");
        }
        long share = config.insertCount() / clientCount
                + (clientIndex < config.insertCount() % clientCount ? 1 : 0);
        return new CoreWorkloadClient(this, share, seed, clientIndex);
    }

    /** The value pool for a run seed, built once and shared by that run's clients. */
    synchronized ValuePool valuePool(long seed) {
        if (valuePool == null || valuePool.seed() != seed) {
            valuePool = new ValuePool(seed, config.maxFieldLength(),
                    config.fieldLengthDistribution() == CoreWorkloadConfig.FieldLengthDistribution.CONSTANT
                            ? config.fieldLength() : -1);
        }
        return valuePool;
    }

    /** A fresh key generator for one client (stateful generators are never shared). */
    LongGenerator newKeyGenerator() {
        long first = config.insertStart();
        long last = first + config.insertCount() - 1;
        return switch (config.requestDistribution()) {
            case UNIFORM -> new UniformLongGenerator(first, last);
            case ZIPFIAN -> new ScrambledZipfianGenerator(first, zipfianMaxKey, config.zipfianConstant());
            case LATEST -> new SkewedLatestGenerator(runInsertKeys::lastAcknowledged, config.zipfianConstant(),
                    config.zipfianEta());
            case HOTSPOT -> new HotspotGenerator(first, last, config.hotspotDataFraction(), config.hotspotOpnFraction());
            case SEQUENTIAL -> sequentialKeys;
            case EXPONENTIAL -> new ExponentialGenerator(config.exponentialPercentile(),
                    config.recordCount() * config.exponentialFrac());
        };
    }

    /** A fresh field-length generator for one client. */
    LongGenerator newFieldLengthGenerator() {
        return switch (config.fieldLengthDistribution()) {
            case CONSTANT -> new ConstantGenerator(config.fieldLength());
            case UNIFORM -> new UniformLongGenerator(config.minFieldLength(), config.fieldLength());
            case ZIPFIAN -> new ZipfianGenerator(config.minFieldLength(), config.fieldLength(),
                    ZipfianGenerator.DEFAULT_THETA);
            case HISTOGRAM -> config.fieldLengthHistogram();
        };
    }

    /** A fresh scan-length generator for one client. */
    LongGenerator newScanLengthGenerator() {
        return switch (config.scanLengthDistribution()) {
            case UNIFORM -> new UniformLongGenerator(config.minScanLength(), config.maxScanLength());
            case ZIPFIAN -> new ZipfianGenerator(config.minScanLength(), config.maxScanLength(),
                    ZipfianGenerator.DEFAULT_THETA);
        };
    }

    boolean keysFromNewest() {
        return config.requestDistribution() == CoreWorkloadConfig.RequestDistribution.EXPONENTIAL;
    }

    FieldNames fieldNames() {
        return fieldNames;
    }

    CounterGenerator loadKeys() {
        return loadKeys;
    }

    AcknowledgedCounterGenerator runInsertKeys() {
        return runInsertKeys;
    }

    DiscreteGenerator<OperationType> operationMix() {
        return operationMix;
    }

    InsertRetry insertRetry() {
        return insertRetry;
    }

    DeterministicValues integrity() {
        return integrity;
    }

    /** The checks of what reads return, with data integrity on; else null. */
    @Override
    public DataChecks dataChecks() {
        return dataChecks;
    }

    /** Reads of records the load wrote, checked unless the workload deletes records. */
    @Override
    public MissingRecords missingRecords() {
        return missingRecords;
    }

    long zipfianMaxKey() {
        return zipfianMaxKey;
    }
}
