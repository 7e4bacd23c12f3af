package org.openmark.workload;

import org.openmark.workload.CoreWorkloadConfig.FieldLengthDistribution;
import org.openmark.workload.CoreWorkloadConfig.InsertOrder;
import org.openmark.workload.CoreWorkloadConfig.RequestDistribution;
import org.openmark.workload.CoreWorkloadConfig.ScanLengthDistribution;
import org.openmark.workload.generator.ZipfianGenerator;

/**
 * The core workload's defaults, in one place: YCSB's CoreWorkload ones (openmark's own for its three
 * extensions). {@link CoreWorkloadConfig} applies them; docs/workloads.md's table states them, checked
 * by WorkloadPropertiesDocumentedTest. Another workload that reads one of these properties with a
 * default of its own says so where its defaults are (the closed economy: {@code EconomyDefaults}).
 * {@code recordcount} has none (a run refuses a core workload without it) and {@code insertcount}'s
 * is a rule ({@code recordcount - insertstart}).
 */
public final class WorkloadDefaults {
    /** The workload. */
    public static final String WORKLOAD = "core";
    /** The table. */
    public static final String TABLE = "usertable";
    /** The first record this load inserts. */
    public static final long INSERT_START = 0;
    /** Fields per record. */
    public static final int FIELD_COUNT = 10;
    /** A field's length in bytes. */
    public static final int FIELD_LENGTH = 100;
    /** The shortest field for uniform and zipfian lengths, in bytes. */
    public static final int MIN_FIELD_LENGTH = 1;
    /** Field lengths are all {@link #FIELD_LENGTH}. */
    public static final FieldLengthDistribution FIELD_LENGTH_DISTRIBUTION = FieldLengthDistribution.CONSTANT;
    /** The histogram file of field lengths. */
    public static final String FIELD_LENGTH_HISTOGRAM = "hist.txt";
    /** Field names: {@code field0}, {@code field1}, … */
    public static final String FIELD_NAME_PREFIX = "field";
    /** Reads read every field. */
    public static final boolean READ_ALL_FIELDS = true;
    /** Reads ask for "all fields", not each by name. */
    public static final boolean READ_ALL_FIELDS_BY_NAME = false;
    /** Updates write one field. */
    public static final boolean WRITE_ALL_FIELDS = false;
    /** Random values, not checked on reads. */
    public static final boolean DATA_INTEGRITY = false;
    /** The weight of reads. */
    public static final double READ_PROPORTION = 0.95;
    /** The weight of updates. */
    public static final double UPDATE_PROPORTION = 0.05;
    /** The weight of inserts. */
    public static final double INSERT_PROPORTION = 0;
    /** The weight of scans. */
    public static final double SCAN_PROPORTION = 0;
    /** The weight of read-modify-writes. */
    public static final double READ_MODIFY_WRITE_PROPORTION = 0;
    /** The weight of deletes. */
    public static final double DELETE_PROPORTION = 0;
    /** Every record alike. */
    public static final RequestDistribution REQUEST_DISTRIBUTION = RequestDistribution.UNIFORM;
    /** {@code hotspot}: the share of records in the hot set. */
    public static final double HOTSPOT_DATA_FRACTION = 0.2;
    /** {@code hotspot}: the share of operations that go to the hot set. */
    public static final double HOTSPOT_OPN_FRACTION = 0.8;
    /** {@code exponential}: this percentage of operations … */
    public static final double EXPONENTIAL_PERCENTILE = 95;
    /** … touch this fraction of the newest records. */
    public static final double EXPONENTIAL_FRAC = 0.8571428571;
    /** The shortest scan, in records. */
    public static final int MIN_SCAN_LENGTH = 1;
    /** The longest scan, in records. */
    public static final int MAX_SCAN_LENGTH = 1000;
    /** Scan lengths alike. */
    public static final ScanLengthDistribution SCAN_LENGTH_DISTRIBUTION = ScanLengthDistribution.UNIFORM;
    /** YCSB's keys: the FNV-64 hash of the record number. */
    public static final InsertOrder INSERT_ORDER = InsertOrder.HASHED;
    /** The number in a key is not padded. */
    public static final int ZERO_PADDING = 1;
    /** Gray et al.'s skew. */
    public static final double ZIPFIAN_CONSTANT = 0.99;
    /** YCSB's arithmetic for a growing key space. */
    public static final ZipfianGenerator.Eta ZIPFIAN_ETA = ZipfianGenerator.Eta.YCSB;
    /** No retry of a failed load insert. */
    public static final int INSERTION_RETRY_LIMIT = 0;
    /** The mean wait between load-insert retries, in seconds. */
    public static final long INSERTION_RETRY_INTERVAL_SECONDS = 3;

    private WorkloadDefaults() {
    }
}
