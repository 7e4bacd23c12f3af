package org.openmark.workload;

/** The core workload's operation kinds, with the names their latencies are reported under. */
enum OperationType {
    READ("READ"),
    UPDATE("UPDATE"),
    INSERT("INSERT"),
    SCAN("SCAN"),
    DELETE("DELETE"),
    READ_MODIFY_WRITE("READ-MODIFY-WRITE");

    private final String reportName;

    OperationType(String reportName) {
        this.reportName = reportName;
    }

    /** The name latencies are reported under (YCSB's). */
    String reportName() {
        return reportName;
    }
}
