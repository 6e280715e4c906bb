// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package xattr contains additional interfaces for attr types. This package
// is separate from the core attr package to prevent import cycles.
package xattr
