// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package testprovider contains a fully declarative provider for testing.
package testprovider
