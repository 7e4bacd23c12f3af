package org.openmark.workload;

import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.openmark.workload.generator.LongGenerator;

/**
 * One client of the {@link CoreWorkload}: all its random choices come from one SplittableRandom
 * seeded for this client, so a seed replays the same operations. Not thread-safe; the operations
 * it returns are self-contained and may run on any thread.
 */
final class CoreWorkloadClient implements WorkloadClient {
    private final CoreWorkload workload;
    private final CoreWorkloadConfig config;
    private final SplittableRandom random;
    private final KeyNames keyNames;
    private final KeyChooser keys;
    private final LongGenerator scanLengths;
    private final RecordValues values;
    private final FieldNames fields;
    private final Set<String> readAllFields;
    private long loadRemaining;

    /** Client {@code clientIndex} of the run seeded {@code runSeed}, inserting {@code loadShare} records when loading. */
    CoreWorkloadClient(CoreWorkload workload, long loadShare, long runSeed, int clientIndex) {
        this.workload = workload;
        this.config = workload.config();
        this.random = new SplittableRandom(Seeds.derive(runSeed, clientIndex + 1L));
        this.keyNames = new KeyNames(config.insertOrder() == CoreWorkloadConfig.InsertOrder.HASHED,
                config.zeroPadding());
        this.keys = new KeyChooser(workload.newKeyGenerator(), workload.runInsertKeys(), workload.keysFromNewest());
        this.scanLengths = workload.newScanLengthGenerator();
        this.fields = workload.fieldNames();
        // stream 0 of the run seed: the same pool for every client of the run
        ValuePool pool = config.dataIntegrity() ? null : workload.valuePool(Seeds.derive(runSeed, 0));
        this.values = new RecordValues(fields, workload.newFieldLengthGenerator(), pool, workload.integrity(), random);
        // YCSB names every field on reads only with data integrity or readallfieldsbyname; otherwise null = all
        this.readAllFields = config.dataIntegrity() || config.readAllFieldsByName() ? fields.all() : null;
        this.loadRemaining = loadShare;
    }

    @Override
    public Operation nextLoadOperation() {
        if (loadRemaining <= 0) {
            return null;
        }
        loadRemaining--;
        String key = keyNames.name(workload.loadKeys().next());
        InsertRetry retry = workload.insertRetry();
        long jitterSeed = retry.limit() > 0 ? random.nextLong() : 0;
        return new LoadInsertOperation(config.table(), key, values.all(key), retry, jitterSeed);
    }

    @Override
    public Operation nextOperation() {
        return switch (workload.operationMix().next(random)) {
            case READ -> read();
            case UPDATE -> update();
            case INSERT -> insert();
            case SCAN -> scan();
            case READ_MODIFY_WRITE -> readModifyWrite();
            case DELETE -> new DeleteOperation(config.table(), nextKey());
        };
    }

    /** Without run-phase inserts the last acknowledged insert never moves, and no choice depends on a completion. */
    @Override
    public boolean makesAheadAlike() {
        return config.proportions().insert() == 0;
    }

    private String nextKey() {
        return keyNames.name(keys.next(random));
    }

    /** The tracker of loaded records when record {@code number} is one the load wrote, else null. */
    private MissingRecords loadedRecord(long number) {
        return number < config.recordCount() ? workload.missingRecords() : null;
    }

    private Set<String> oneRandomField() {
        return fields.single(random.nextInt(fields.count()));
    }

    private Operation read() {
        long number = keys.next(random);
        String key = keyNames.name(number);
        Set<String> names = config.readAllFields() ? readAllFields : oneRandomField();
        return new ReadOperation(config.table(), key, names, workload.dataChecks(), loadedRecord(number));
    }

    private Map<String, byte[]> writeValues(String key) {
        return config.writeAllFields() ? values.all(key) : values.single(key);
    }

    private Operation update() {
        String key = nextKey();
        return new UpdateOperation(config.table(), key, writeValues(key));
    }

    private Operation insert() {
        long keyNumber = workload.runInsertKeys().next();
        String key = keyNames.name(keyNumber);
        return new InsertOperation(config.table(), key, values.all(key), keyNumber, workload.runInsertKeys());
    }

    private Operation scan() {
        String key = nextKey();
        int length = (int) scanLengths.nextLong(random);
        Set<String> names = config.readAllFields() ? null : oneRandomField();
        return new ScanOperation(config.table(), key, length, names);
    }

    private Operation readModifyWrite() {
        long number = keys.next(random);
        String key = keyNames.name(number);
        Set<String> names = config.readAllFields() ? null : oneRandomField();
        return new ReadModifyWriteOperation(config.table(), key, names, writeValues(key), workload.dataChecks(),
                loadedRecord(number));
    }
}
