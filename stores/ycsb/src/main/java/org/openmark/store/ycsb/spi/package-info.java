/**
 * The types both sides of the YCSB class-loader boundary share: openmark's store and the bridge that
 * runs inside the binding's class loader. Only interfaces, depending on {@code org.openmark.api} and
 * the JDK.
 */
package org.openmark.store.ycsb.spi;
