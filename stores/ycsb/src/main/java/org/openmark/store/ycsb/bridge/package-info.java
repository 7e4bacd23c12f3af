/**
 * The bridge between openmark's {@code Session} and a YCSB {@code site.ycsb.DB}: compiled against
 * YCSB's core, defined only inside the binding's class loader (never by openmark's). It may use the
 * JDK, {@code org.openmark.api}, {@code org.openmark.store.ycsb.spi} and {@code site.ycsb}, nothing else.
 */
package org.openmark.store.ycsb.bridge;
