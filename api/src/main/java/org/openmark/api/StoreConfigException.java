package org.openmark.api;

/**
 * A store property has a value that is not allowed. The message names the property, the
 * value and the rule, e.g. {@code rocksdb.sync=maybe: must be true or false}.
 */
public class StoreConfigException extends StoreException {
    private static final long serialVersionUID = 1L;

    private final String property;

    public StoreConfigException(String property, String value, String rule) {
        super(property + "=" + value + ": " + rule);
        this.property = property;
    }

    /** The name of the offending property. */
    public String property() {
        return property;
    }
}
