package org.openmark.workload;

import java.util.List;

/**
 * The names of the core workload's properties, in one place: YCSB's CoreWorkload names (three are
 * extensions: {@code deleteproportion}, {@code zipfianconstant}, {@code zipfian.eta}), which every
 * YCSB property file sets and which the closed economy reads too where it means the same thing.
 * What {@link CoreWorkloadConfig} reads, what a derived configuration records, what docs/workloads.md
 * lists with its default ({@link WorkloadDefaults}).
 */
public final class WorkloadProperties {
    /** Which workload ({@code core}, or a YCSB class name). */
    public static final String WORKLOAD = "workload";
    /** The table the operations go to. */
    public static final String TABLE = "table";
    /** Records in the table (the load inserts them; the run chooses keys among them). */
    public static final String RECORD_COUNT = "recordcount";
    /** Operations of the run phase; a run's property, read by workloads that size themselves for it. */
    public static final String OPERATION_COUNT = "operationcount";
    /** The first record number this load inserts. */
    public static final String INSERT_START = "insertstart";
    /** How many records this load inserts. */
    public static final String INSERT_COUNT = "insertcount";
    /** Fields per record. */
    public static final String FIELD_COUNT = "fieldcount";
    /** A field's length in bytes (the longest for uniform and zipfian lengths). */
    public static final String FIELD_LENGTH = "fieldlength";
    /** The shortest field for uniform and zipfian lengths. */
    public static final String MIN_FIELD_LENGTH = "minfieldlength";
    /** How field lengths are chosen. */
    public static final String FIELD_LENGTH_DISTRIBUTION = "fieldlengthdistribution";
    /** The histogram file of field lengths. */
    public static final String FIELD_LENGTH_HISTOGRAM = "fieldlengthhistogram";
    /** Field names are this prefix and a number. */
    public static final String FIELD_NAME_PREFIX = "fieldnameprefix";
    /** Reads read every field. */
    public static final String READ_ALL_FIELDS = "readallfields";
    /** Reads name every field. */
    public static final String READ_ALL_FIELDS_BY_NAME = "readallfieldsbyname";
    /** Updates write every field. */
    public static final String WRITE_ALL_FIELDS = "writeallfields";
    /** Values derived from key and field, checked on reads. */
    public static final String DATA_INTEGRITY = "dataintegrity";
    /** The weight of reads. */
    public static final String READ_PROPORTION = "readproportion";
    /** The weight of updates. */
    public static final String UPDATE_PROPORTION = "updateproportion";
    /** The weight of inserts. */
    public static final String INSERT_PROPORTION = "insertproportion";
    /** The weight of scans. */
    public static final String SCAN_PROPORTION = "scanproportion";
    /** The weight of read-modify-writes. */
    public static final String READ_MODIFY_WRITE_PROPORTION = "readmodifywriteproportion";
    /** The weight of deletes (an extension). */
    public static final String DELETE_PROPORTION = "deleteproportion";
    /** Which records operations touch. */
    public static final String REQUEST_DISTRIBUTION = "requestdistribution";
    /** {@code hotspot}: the share of records in the hot set. */
    public static final String HOTSPOT_DATA_FRACTION = "hotspotdatafraction";
    /** {@code hotspot}: the share of operations that go to the hot set. */
    public static final String HOTSPOT_OPN_FRACTION = "hotspotopnfraction";
    /** {@code exponential}: this percentage of operations touch … */
    public static final String EXPONENTIAL_PERCENTILE = "exponential.percentile";
    /** … this fraction of the newest records. */
    public static final String EXPONENTIAL_FRAC = "exponential.frac";
    /** The shortest scan. */
    public static final String MIN_SCAN_LENGTH = "minscanlength";
    /** The longest scan. */
    public static final String MAX_SCAN_LENGTH = "maxscanlength";
    /** How scan lengths are chosen. */
    public static final String SCAN_LENGTH_DISTRIBUTION = "scanlengthdistribution";
    /** Hashed or ordered keys. */
    public static final String INSERT_ORDER = "insertorder";
    /** Digits the number in a key is padded to. */
    public static final String ZERO_PADDING = "zeropadding";
    /** The skew of zipfian and latest (an extension). */
    public static final String ZIPFIAN_CONSTANT = "zipfianconstant";
    /** How latest follows a growing key space (an extension). */
    public static final String ZIPFIAN_ETA = "zipfian.eta";
    /** Load phase: retries of a failed insert. */
    public static final String INSERTION_RETRY_LIMIT = "core_workload_insertion_retry_limit";
    /** Load phase: the mean wait between retries, in seconds. */
    public static final String INSERTION_RETRY_INTERVAL = "core_workload_insertion_retry_interval";

    /** The operation weights, in the order of {@link CoreWorkloadConfig.Proportions}' components. */
    public static final List<String> PROPORTIONS = List.of(READ_PROPORTION, UPDATE_PROPORTION, INSERT_PROPORTION,
            SCAN_PROPORTION, READ_MODIFY_WRITE_PROPORTION, DELETE_PROPORTION);

    private WorkloadProperties() {
    }
}
