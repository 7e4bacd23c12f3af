package org.openmark.workload;

/** A workload property has a value that is not allowed; the message names property, value and rule. */
public class WorkloadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WorkloadException(String message) {
        super(message);
    }
}
