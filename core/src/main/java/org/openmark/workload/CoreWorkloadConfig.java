package org.openmark.workload;

import static org.openmark.workload.WorkloadProperties.DATA_INTEGRITY;
import static org.openmark.workload.WorkloadProperties.EXPONENTIAL_FRAC;
import static org.openmark.workload.WorkloadProperties.EXPONENTIAL_PERCENTILE;
import static org.openmark.workload.WorkloadProperties.FIELD_COUNT;
import static org.openmark.workload.WorkloadProperties.FIELD_LENGTH;
import static org.openmark.workload.WorkloadProperties.FIELD_LENGTH_DISTRIBUTION;
import static org.openmark.workload.WorkloadProperties.FIELD_LENGTH_HISTOGRAM;
import static org.openmark.workload.WorkloadProperties.FIELD_NAME_PREFIX;
import static org.openmark.workload.WorkloadProperties.HOTSPOT_DATA_FRACTION;
import static org.openmark.workload.WorkloadProperties.HOTSPOT_OPN_FRACTION;
import static org.openmark.workload.WorkloadProperties.INSERTION_RETRY_INTERVAL;
import static org.openmark.workload.WorkloadProperties.INSERTION_RETRY_LIMIT;
import static org.openmark.workload.WorkloadProperties.INSERT_COUNT;
import static org.openmark.workload.WorkloadProperties.INSERT_ORDER;
import static org.openmark.workload.WorkloadProperties.INSERT_START;
import static org.openmark.workload.WorkloadProperties.MAX_SCAN_LENGTH;
import static org.openmark.workload.WorkloadProperties.MIN_FIELD_LENGTH;
import static org.openmark.workload.WorkloadProperties.MIN_SCAN_LENGTH;
import static org.openmark.workload.WorkloadProperties.READ_ALL_FIELDS;
import static org.openmark.workload.WorkloadProperties.READ_ALL_FIELDS_BY_NAME;
import static org.openmark.workload.WorkloadProperties.RECORD_COUNT;
import static org.openmark.workload.WorkloadProperties.REQUEST_DISTRIBUTION;
import static org.openmark.workload.WorkloadProperties.SCAN_LENGTH_DISTRIBUTION;
import static org.openmark.workload.WorkloadProperties.TABLE;
import static org.openmark.workload.WorkloadProperties.WRITE_ALL_FIELDS;
import static org.openmark.workload.WorkloadProperties.ZERO_PADDING;
import static org.openmark.workload.WorkloadProperties.ZIPFIAN_CONSTANT;
import static org.openmark.workload.WorkloadProperties.ZIPFIAN_ETA;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.workload.generator.HistogramGenerator;
import org.openmark.workload.generator.ZipfianGenerator;

/**
 * The core workload's configuration, resolved and validated once from {@link Settings}. Property
 * names and defaults are YCSB's CoreWorkload ones (listed in docs/workloads.md);
 * {@code deleteproportion}, {@code zipfianconstant} and {@code zipfian.eta} are extensions. Every
 * bad value raises a {@link ConfigException} naming the property, the value and the rule.
 *
 * @param fieldLengthHistogram the loaded histogram when {@code fieldLengthDistribution} is
 *     HISTOGRAM, otherwise null
 * @param insertionRetryIntervalSeconds mean wait between load-insert retries (each wait is drawn
 *     from [0.8, 1.2) times this)
 * @param recordCountGiven {@code recordcount} as given (0 too), empty when unset: a run's workload
 *     needs it ({@link #create}), though {@link #recordCount} is YCSB's reading of it either way
 */
public record CoreWorkloadConfig(
        String table,
        long recordCount,
        long insertStart,
        long insertCount,
        int fieldCount,
        int fieldLength,
        int minFieldLength,
        FieldLengthDistribution fieldLengthDistribution,
        HistogramGenerator fieldLengthHistogram,
        String fieldNamePrefix,
        boolean readAllFields,
        boolean readAllFieldsByName,
        boolean writeAllFields,
        Proportions proportions,
        RequestDistribution requestDistribution,
        double hotspotDataFraction,
        double hotspotOpnFraction,
        double exponentialPercentile,
        double exponentialFrac,
        int minScanLength,
        int maxScanLength,
        ScanLengthDistribution scanLengthDistribution,
        InsertOrder insertOrder,
        int zeroPadding,
        boolean dataIntegrity,
        double zipfianConstant,
        ZipfianGenerator.Eta zipfianEta,
        int insertionRetryLimit,
        long insertionRetryIntervalSeconds,
        OptionalLong recordCountGiven) implements WorkloadSettings {

    /** How records are chosen for reads, updates, scans and deletes ({@code requestdistribution}). */
    public enum RequestDistribution { UNIFORM, ZIPFIAN, LATEST, HOTSPOT, SEQUENTIAL, EXPONENTIAL }

    /** How field lengths are chosen ({@code fieldlengthdistribution}). */
    public enum FieldLengthDistribution { CONSTANT, UNIFORM, ZIPFIAN, HISTOGRAM }

    /** How scan lengths are chosen ({@code scanlengthdistribution}). */
    public enum ScanLengthDistribution { UNIFORM, ZIPFIAN }

    /** Whether key numbers are hashed (FNV-64) into key names or used as they are ({@code insertorder}). */
    public enum InsertOrder { HASHED, ORDERED }

    /** The operation mix: relative weights, normalized by their sum. */
    public record Proportions(double read, double update, double insert, double scan,
            double readModifyWrite, double delete) {
    }

    /** The largest record count (2^61): key numbers, run-phase inserts included, then stay far from overflow. */
    public static final long MAX_RECORD_COUNT = 1L << 61;

    /** YCSB's record count when {@code recordcount} is 0 or unset. */
    public static final long UNSET_RECORD_COUNT = Integer.MAX_VALUE;

    /** The largest field length a histogram may yield (a value is one byte array). */
    static final long MAX_HISTOGRAM_FIELD_LENGTH = 1L << 30;

    private static final List<String> PROPORTION_PROPERTIES = WorkloadProperties.PROPORTIONS;

    /**
     * The core workload of a run. It refuses a run that does not say how many records the store
     * holds: its keys are chosen among them. YCSB reads a missing or zero {@code recordcount} as
     * 2^31 - 1 records for the run (and loads none), so a property file without it would have a run
     * read keys nobody loaded and an automatic load insert two billion records.
     */
    @Override
    public Workload create(org.openmark.api.Clock clock, OptionalLong operationCount) {
        String why = "the core workload chooses its keys among " + RECORD_COUNT + " records (YCSB reads a missing or"
                + " zero " + RECORD_COUNT + " as " + UNSET_RECORD_COUNT + " records, which nobody loaded); give -p "
                + RECORD_COUNT + "=N (the bundled workloads say 1000) or a workload file that sets it";
        if (recordCountGiven.isEmpty()) {
            throw new ConfigException(RECORD_COUNT + " is not set (no -P file sets it, nor -p): " + why);
        }
        if (recordCountGiven.getAsLong() == 0) {
            throw ConfigException.of(RECORD_COUNT, "0", "must be >= 1: " + why);
        }
        return new CoreWorkload(this, clock, operationCount);
    }

    /** {@code fieldcount} fields of up to {@code fieldlength} bytes (or the histogram's longest). */
    @Override
    public RecordShape recordShape() {
        String length = fieldLengthDistribution == FieldLengthDistribution.HISTOGRAM
                ? "up to " + maxFieldLength() + " (" + FIELD_LENGTH_HISTOGRAM + ")" : String.valueOf(fieldLength);
        return new RecordShape(fieldCount, maxFieldLength(), FIELD_COUNT + " " + fieldCount + " × " + FIELD_LENGTH
                + " " + length);
    }

    @Override
    public java.util.Optional<Proportions> operationProportions() {
        return java.util.Optional.of(proportions);
    }

    /**
     * These settings with another part of the records to load ({@code insertstart}, {@code insertcount}:
     * a worker's part of a load split over workers), checked as {@link #from} checks them.
     *
     * @throws ConfigException naming the property, the value and the rule, as for the same values given
     */
    public CoreWorkloadConfig withInsertRange(long newInsertStart, long newInsertCount) {
        checkInsertStart(newInsertStart, recordCount);
        checkInsertCount(newInsertCount, newInsertStart, recordCount);
        return new CoreWorkloadConfig(table, recordCount, newInsertStart, newInsertCount, fieldCount, fieldLength,
                minFieldLength, fieldLengthDistribution, fieldLengthHistogram, fieldNamePrefix, readAllFields,
                readAllFieldsByName, writeAllFields, proportions, requestDistribution, hotspotDataFraction,
                hotspotOpnFraction, exponentialPercentile, exponentialFrac, minScanLength, maxScanLength,
                scanLengthDistribution, insertOrder, zeroPadding, dataIntegrity, zipfianConstant, zipfianEta,
                insertionRetryLimit, insertionRetryIntervalSeconds, recordCountGiven);
    }

    private static void checkInsertStart(long insertStart, long recordCount) {
        if (insertStart < 0) {
            throw ConfigException.of(INSERT_START, String.valueOf(insertStart), "must be >= 0");
        }
        if (insertStart >= recordCount) {
            throw ConfigException.of(INSERT_START, String.valueOf(insertStart),
                    "must be < " + RECORD_COUNT + " (" + recordCount + ")");
        }
    }

    private static void checkInsertCount(long insertCount, long insertStart, long recordCount) {
        if (insertCount < 1) {
            throw ConfigException.of(INSERT_COUNT, String.valueOf(insertCount), "must be >= 1");
        }
        if (insertCount > recordCount - insertStart) {
            throw ConfigException.of(INSERT_COUNT, String.valueOf(insertCount), INSERT_START + " (" + insertStart
                    + ") + " + INSERT_COUNT + " must be <= " + RECORD_COUNT + " (" + recordCount + ")");
        }
    }

    /** Reads and validates all core workload properties. */
    public static CoreWorkloadConfig from(Settings s) {
        String table = s.getString(TABLE, WorkloadDefaults.TABLE);
        if (table.isEmpty()) {
            throw ConfigException.of(TABLE, table, "must not be empty");
        }
        OptionalLong recordCountGiven = s.contains(RECORD_COUNT) ? OptionalLong.of(s.getLong(RECORD_COUNT, 0, 0))
                : OptionalLong.empty();
        long recordCount = recordCountGiven.orElse(0);
        if (recordCount > MAX_RECORD_COUNT) {
            throw ConfigException.of(RECORD_COUNT, String.valueOf(recordCount), "must be <= " + MAX_RECORD_COUNT);
        }
        if (recordCount == 0) {
            recordCount = UNSET_RECORD_COUNT;
        }
        long insertStart = s.getLong(INSERT_START, WorkloadDefaults.INSERT_START, 0);
        checkInsertStart(insertStart, recordCount);
        long insertCount = s.getLong(INSERT_COUNT, recordCount - insertStart, 1);
        checkInsertCount(insertCount, insertStart, recordCount);

        int fieldCount = s.getInt(FIELD_COUNT, WorkloadDefaults.FIELD_COUNT, 1);
        int fieldLength = s.getInt(FIELD_LENGTH, WorkloadDefaults.FIELD_LENGTH, 0);
        int minFieldLength = s.getInt(MIN_FIELD_LENGTH, WorkloadDefaults.MIN_FIELD_LENGTH, 0);
        FieldLengthDistribution fieldLengths = s.getEnum(FIELD_LENGTH_DISTRIBUTION,
                WorkloadDefaults.FIELD_LENGTH_DISTRIBUTION, FieldLengthDistribution.class);
        if ((fieldLengths == FieldLengthDistribution.UNIFORM || fieldLengths == FieldLengthDistribution.ZIPFIAN)
                && minFieldLength > fieldLength) {
            throw ConfigException.of(MIN_FIELD_LENGTH, String.valueOf(minFieldLength),
                    "must be <= fieldlength (" + fieldLength + ") for fieldlengthdistribution="
                            + lower(fieldLengths));
        }
        String histogramFile = s.getString(FIELD_LENGTH_HISTOGRAM, WorkloadDefaults.FIELD_LENGTH_HISTOGRAM);
        HistogramGenerator histogram = fieldLengths == FieldLengthDistribution.HISTOGRAM
                ? readHistogram(histogramFile) : null;
        String fieldNamePrefix = s.getString(FIELD_NAME_PREFIX, WorkloadDefaults.FIELD_NAME_PREFIX);

        boolean readAllFields = s.getBoolean(READ_ALL_FIELDS, WorkloadDefaults.READ_ALL_FIELDS);
        boolean readAllFieldsByName = s.getBoolean(READ_ALL_FIELDS_BY_NAME, WorkloadDefaults.READ_ALL_FIELDS_BY_NAME);
        boolean writeAllFields = s.getBoolean(WRITE_ALL_FIELDS, WorkloadDefaults.WRITE_ALL_FIELDS);
        boolean dataIntegrity = s.getBoolean(DATA_INTEGRITY, WorkloadDefaults.DATA_INTEGRITY);
        if (dataIntegrity && fieldLengths != FieldLengthDistribution.CONSTANT) {
            throw ConfigException.of(DATA_INTEGRITY, "true",
                    "needs fieldlengthdistribution=constant (is " + lower(fieldLengths) + ")");
        }

        Proportions proportions = readProportions(s);

        RequestDistribution requests = s.getEnum(REQUEST_DISTRIBUTION, WorkloadDefaults.REQUEST_DISTRIBUTION,
                RequestDistribution.class);
        double hotData = s.getDouble(HOTSPOT_DATA_FRACTION, WorkloadDefaults.HOTSPOT_DATA_FRACTION, 0, 1);
        double hotOpn = s.getDouble(HOTSPOT_OPN_FRACTION, WorkloadDefaults.HOTSPOT_OPN_FRACTION, 0, 1);
        double percentile = s.getDouble(EXPONENTIAL_PERCENTILE, WorkloadDefaults.EXPONENTIAL_PERCENTILE);
        if (!(percentile > 0 && percentile < 100)) {
            throw ConfigException.of(EXPONENTIAL_PERCENTILE, s.getString(EXPONENTIAL_PERCENTILE, ""),
                    "must be > 0 and < 100");
        }
        double frac = s.getDouble(EXPONENTIAL_FRAC, WorkloadDefaults.EXPONENTIAL_FRAC);
        if (!(frac > 0)) {
            throw ConfigException.of(EXPONENTIAL_FRAC, s.getString(EXPONENTIAL_FRAC, ""), "must be > 0");
        }

        int minScan = s.getInt(MIN_SCAN_LENGTH, WorkloadDefaults.MIN_SCAN_LENGTH, 1);
        int maxScan = s.getInt(MAX_SCAN_LENGTH, WorkloadDefaults.MAX_SCAN_LENGTH, 1);
        if (maxScan < minScan) {
            throw ConfigException.of(MAX_SCAN_LENGTH, String.valueOf(maxScan),
                    "must be >= minscanlength (" + minScan + ")");
        }
        ScanLengthDistribution scanLengths = s.getEnum(SCAN_LENGTH_DISTRIBUTION,
                WorkloadDefaults.SCAN_LENGTH_DISTRIBUTION, ScanLengthDistribution.class);

        InsertOrder insertOrder = s.getEnum(INSERT_ORDER, WorkloadDefaults.INSERT_ORDER, InsertOrder.class);
        int zeroPadding = s.getInt(ZERO_PADDING, WorkloadDefaults.ZERO_PADDING, 0);
        double zipfianConstant = s.getDouble(ZIPFIAN_CONSTANT, WorkloadDefaults.ZIPFIAN_CONSTANT);
        if (!(zipfianConstant > 0 && zipfianConstant < 1)) {
            throw ConfigException.of(ZIPFIAN_CONSTANT, s.getString(ZIPFIAN_CONSTANT, ""),
                    "must be > 0 and < 1 (Gray et al.'s zipfian method)");
        }
        ZipfianGenerator.Eta zipfianEta = s.getEnum(ZIPFIAN_ETA, WorkloadDefaults.ZIPFIAN_ETA,
                ZipfianGenerator.Eta.class);
        int retryLimit = s.getInt(INSERTION_RETRY_LIMIT, WorkloadDefaults.INSERTION_RETRY_LIMIT, 0);
        long retryIntervalSeconds = s.getLong(INSERTION_RETRY_INTERVAL,
                WorkloadDefaults.INSERTION_RETRY_INTERVAL_SECONDS, 0);
        if (retryIntervalSeconds > 86_400) {
            throw ConfigException.of(INSERTION_RETRY_INTERVAL, String.valueOf(retryIntervalSeconds),
                    "must be <= 86400 seconds");
        }

        return new CoreWorkloadConfig(table, recordCount, insertStart, insertCount, fieldCount, fieldLength,
                minFieldLength, fieldLengths, histogram, fieldNamePrefix, readAllFields, readAllFieldsByName,
                writeAllFields, proportions, requests, hotData, hotOpn, percentile, frac, minScan, maxScan,
                scanLengths, insertOrder, zeroPadding, dataIntegrity, zipfianConstant, zipfianEta, retryLimit,
                retryIntervalSeconds, recordCountGiven);
    }

    /**
     * A note when the operation proportions do not sum to 1: each is then taken as its share of the
     * sum, as YCSB does, which a reader of the property file may not expect
     * ({@code readproportion=0.5, updateproportion=0.8} reads 38 % and updates 62 %).
     */
    public java.util.Optional<String> proportionsNote() {
        Proportions p = proportions;
        double[] all = {p.read(), p.update(), p.insert(), p.scan(), p.readModifyWrite(), p.delete()};
        double sum = 0;
        for (double v : all) {
            sum += v;
        }
        if (Math.abs(sum - 1) <= 1e-9) {
            return java.util.Optional.empty();
        }
        List<String> shares = new java.util.ArrayList<>();
        for (int i = 0; i < all.length; i++) {
            if (all[i] > 0) {
                shares.add(String.format(Locale.ROOT, "%s %s → %.1f%%", PROPORTION_PROPERTIES.get(i),
                        org.openmark.config.PropertyText.of(all[i]), 100 * all[i] / sum));
            }
        }
        return java.util.Optional.of(String.format(Locale.ROOT, "the operation proportions sum to %s, not 1: each is"
                + " taken as its share of the sum, as YCSB does (%s)", org.openmark.config.PropertyText.of(
                        Math.round(sum * 1e9) / 1e9), String.join(", ", shares)));
    }

    private static Proportions readProportions(Settings s) {
        double[] defaults = {WorkloadDefaults.READ_PROPORTION, WorkloadDefaults.UPDATE_PROPORTION,
            WorkloadDefaults.INSERT_PROPORTION, WorkloadDefaults.SCAN_PROPORTION,
            WorkloadDefaults.READ_MODIFY_WRITE_PROPORTION, WorkloadDefaults.DELETE_PROPORTION};
        double[] p = new double[defaults.length];
        double sum = 0;
        for (int i = 0; i < p.length; i++) {
            String name = PROPORTION_PROPERTIES.get(i);
            p[i] = s.getDouble(name, defaults[i]);
            if (p[i] < 0) {
                throw ConfigException.of(name, s.getString(name, ""), "must be >= 0");
            }
            sum += p[i];
        }
        if (sum <= 0) {
            throw new ConfigException(String.join(", ", PROPORTION_PROPERTIES)
                    + ": all are 0; at least one must be > 0");
        }
        return new Proportions(p[0], p[1], p[2], p[3], p[4], p[5]);
    }

    private static HistogramGenerator readHistogram(String file) {
        HistogramGenerator histogram;
        try {
            histogram = HistogramGenerator.read(Path.of(file));
        } catch (IOException e) {
            throw ConfigException.of(FIELD_LENGTH_HISTOGRAM, file, "cannot read the file (" + e + ")");
        } catch (IllegalArgumentException e) {
            throw ConfigException.of(FIELD_LENGTH_HISTOGRAM, file, "not a histogram file: " + e.getMessage());
        }
        if (histogram.maxValue() > MAX_HISTOGRAM_FIELD_LENGTH) {
            throw ConfigException.of(FIELD_LENGTH_HISTOGRAM, file, "largest field length "
                    + histogram.maxValue() + " exceeds " + MAX_HISTOGRAM_FIELD_LENGTH + " bytes");
        }
        return histogram;
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /** The largest field length the configured distribution can produce. */
    public int maxFieldLength() {
        if (fieldLengthDistribution == FieldLengthDistribution.HISTOGRAM) {
            return (int) fieldLengthHistogram.maxValue();
        }
        return fieldLength;
    }
}
