// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// types contains shared attr.Type implementations for unit testing.
package testtypes
