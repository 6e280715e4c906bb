// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package fwserver contains the framework provider server implementation.
// This package should only ever contain framework-native types, while specific
// protocol version compatible implementations, such as proto6server, are
// implemented on top of this abstraction.
package fwserver
